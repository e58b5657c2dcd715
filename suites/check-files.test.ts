// Every check lives in the file named after its id, so a check id in a report leads straight to its
// source: `pagination.cursor.walk-terminates` is `suites/pagination/cursor-walk-terminates.ts`,
// exporting `cursorWalkTerminates`. A suite's top level holds its checks, its registry (index.ts)
// and their tests only; its helpers sit in its internal/ folder.
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Check } from './define-check.js';
import { allChecks, suites } from './index.js';

/** The file name of a check: its id after the suite, dots turned into hyphens (kebab-case). */
function fileNameOf(check: Check): string {
  return `${check.id.slice(check.suite.length + 1).replaceAll('.', '-')}.ts`;
}

/** The export name of a check: its file name in camelCase. */
function exportNameOf(check: Check): string {
  return fileNameOf(check)
    .slice(0, -'.ts'.length)
    .replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

describe('check files', () => {
  it('derive a distinct file name for every check', () => {
    const paths = allChecks.map((check) => `${check.suite}/${fileNameOf(check)}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(allChecks.map((check) => [check.id, check] as const))(
    '%s lives in its own file, exported under its name',
    async (_id, check) => {
      const url = new URL(`./${check.suite}/${fileNameOf(check)}`, import.meta.url);
      expect(existsSync(url), `suites/${check.suite}/${fileNameOf(check)}`).toBe(true);
      const module = (await import(url.href)) as Record<string, unknown>;
      expect(module[exportNameOf(check)]).toBe(check);
    },
  );

  it.each(suites.map((suite) => [suite.name, suite] as const))(
    'leave nothing but checks and the registry at the top of %s',
    (name, suite) => {
      const checkFiles = suite.checks.map(fileNameOf);
      const sources = readdirSync(new URL(`./${name}/`, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        .map((entry) => entry.name);
      expect(sources.filter((file) => file !== 'index.ts' && !checkFiles.includes(file))).toEqual([]);
    },
  );
});
