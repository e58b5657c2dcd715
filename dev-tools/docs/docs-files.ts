// The documentation set: what a user reads, and what the link and coverage tests read.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in dev-tools/docs/. */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every Markdown file of the documentation, as paths from the repository root. */
export function listDocFiles(): string[] {
  const docs = readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'bench/README.md', ...docs];
}
