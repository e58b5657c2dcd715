// --reporter: which of the map's printed reporters print. Without the flag, each that is on by default
// in this environment (console always; github on GitHub Actions, as vitest and Playwright do).
import { printedReporterNames, reporters, type PrintedReporterName } from '../reports/index.js';
import { parseChoices } from './parse-flag-values.js';

export function parseReporters(
  raw: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): PrintedReporterName[] {
  if (raw !== undefined) return [...new Set(parseChoices('reporter', raw, printedReporterNames))];
  return printedReporterNames.filter((name) => {
    const { byDefault } = reporters[name];
    return byDefault === 'always' || env[byDefault.env] === byDefault.value;
  });
}
