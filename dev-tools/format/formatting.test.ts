// One formatter for the whole tree: npm test's lint step fails on a TypeScript or JavaScript file
// that Prettier, with the project's settings, would write differently.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const probePath = `${root}harness/probe.ts`;

describe('formatting', () => {
  it('is checked by the lint script, which npm test runs first', async () => {
    const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['lint']).toMatch(/prettier --check .*"\*\*\/\*\.\{ts,js\}"/);
    expect(pkg.scripts['pretest']).toMatch(/npm run lint/);
  });

  it('reads 120 columns and single quotes from the project settings', async () => {
    const options = await prettier.resolveConfig(probePath);
    expect(options).toMatchObject({ printWidth: 120, singleQuote: true });
  });

  it('fails an unformatted file and passes the same file formatted', async () => {
    const options = { ...(await prettier.resolveConfig(probePath)), filepath: probePath };
    const unformatted = 'export const pair = {a:1,   b: "two"}\n';
    expect(await prettier.check(unformatted, options)).toBe(false);
    const formatted = await prettier.format(unformatted, options);
    expect(formatted).toBe("export const pair = { a: 1, b: 'two' };\n");
    expect(await prettier.check(formatted, options)).toBe(true);
  });
});
