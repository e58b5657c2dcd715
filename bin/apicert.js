#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run by `npm install` through `prepare`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'APICERT_NOT_BUILT: dist/ is missing; run `npm install` (or `npm run build`) in the apicert folder first\n',
  );
  process.exit(2);
}
await import(entry.href);
