// `apicert --version` and `apicert --help` answered without yargs, whose modules take about 100 ms to
// load: the two commands people type to see whether the tool is there should answer at once.
import { toolVersion } from '../harness/tool-version.js';
import type { CliIo } from './cli-io.js';
import { topLevelHelp } from './top-level-help.js';

/**
 * What the CLI prints for `argv` when it asks only for the version or the top-level help, exactly
 * as yargs prints it; undefined when yargs must answer: any other arguments, a terminal narrower
 * than the help's 100 columns, or a locale whose words yargs translates.
 */
export function findQuickAnswer(argv: readonly string[], io: Pick<CliIo, 'stdout' | 'env'>): string | undefined {
  if (argv.length !== 1) return undefined;
  if (argv[0] === '--version') return `${toolVersion()}\n`;
  if (argv[0] === '--help' && (io.stdout.columns ?? 100) >= 100 && isEnglishLocale(io.env)) return `${topLevelHelp}\n`;
  return undefined;
}

// The locale yargs picks (guessLocale in yargs-factory.js): the first of these variables that is set
// and not empty, up to a '.' or ':'. C and POSIX have no translation, so they read English too.
function isEnglishLocale(env: CliIo['env']): boolean {
  const variable = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG'], env['LANGUAGE']].find(
    (value) => value !== undefined && value !== '',
  );
  const locale = (variable ?? 'en_US').replace(/[.:].*/, '');
  return /^(en([_-].*)?|C|POSIX)$/.test(locale);
}
