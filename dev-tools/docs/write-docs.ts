// `npm run docs`: rewrites every generated doc from its source. Run from the built copy in dist/,
// so it finds the repository root by its package.json rather than by its own depth.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedDocs } from './generated-docs.js';

function findRepositoryRoot(from: string): string {
  let folder = from;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${from}`);
    folder = parent;
  }
  return folder;
}

const root = findRepositoryRoot(dirname(fileURLToPath(import.meta.url)));
for (const doc of generatedDocs) {
  writeFileSync(join(root, doc.path), await doc.render());
  process.stdout.write(`wrote ${doc.path}\n`);
}
