// The kit's version, read once from its package.json (found upwards from this file, in src or dist).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function toolVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'apicert' && typeof pkg.version === 'string') return (cached = pkg.version);
    } catch {
      // not here: keep walking up
    }
    dir = dirname(dir);
  }
  return (cached = '0.0.0');
}
