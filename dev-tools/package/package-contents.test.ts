// The published package carries what the kit points its users to: every docs/ page or file that a
// message, a config description or the README names is in `npm pack`'s file list, so an error's
// "see docs/…" resolves in node_modules/apicert too. (A path with a leading slash, such as
// "/docs/openapi.json", is a place on the target, not a file of ours.)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the published package', () => {
  it('holds every docs/ file the messages, the config schema and the README cite', () => {
    const cited = new Set<string>();
    for (const path of [...['cli', 'harness', 'suites', 'reports'].flatMap(sourcesUnder), 'README.md']) {
      for (const match of readFileSync(join(root, path), 'utf8').matchAll(/(^|[^/\w])(docs\/[\w-]+\.(md|json))/g))
        cited.add(match[2]!);
    }
    expect(cited.size).toBeGreaterThan(10);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
    ) as { files: { path: string }[] }[];
    const files = new Set(packed[0]!.files.map((file) => file.path));
    expect([...cited].filter((path) => !files.has(path)).sort()).toEqual([]);
  });
});
