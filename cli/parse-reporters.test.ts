import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/errors.js';
import { printedReporterNames } from '../reports/index.js';
import { parseReporters } from './parse-reporters.js';

describe('parseReporters', () => {
  it('prints the console by default, and GitHub output too on GitHub Actions', () => {
    expect(parseReporters(undefined, {})).toEqual(['console']);
    expect(parseReporters(undefined, { GITHUB_ACTIONS: 'false' })).toEqual(['console']);
    expect(parseReporters(undefined, { GITHUB_ACTIONS: 'true' })).toEqual(['console', 'github']);
  });

  it('takes the printed reporters of the map, each once, whatever the environment', () => {
    expect(parseReporters('github,github', {})).toEqual(['github']);
    expect(parseReporters('console', { GITHUB_ACTIONS: 'true' })).toEqual(['console']);
    expect(parseReporters(printedReporterNames.join(','), {})).toEqual([...printedReporterNames]);
  });

  it('refuses a name that is not a printed reporter, a file format included, listing the choices', () => {
    for (const raw of ['tap', 'html']) {
      expect(() => parseReporters(raw, {})).toThrow(UsageError);
      expect(() => parseReporters(raw, {})).toThrow(`--reporter: unknown value "${raw}"; choose from console, github`);
    }
  });
});
