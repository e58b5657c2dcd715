// How fast a run may go at the target: --timeout-ms, --rate-limit and --concurrency, read from the
// run command's flags or, for a replay, from the command the report says its run was made with, so
// a target that needed a gentler pace gets it again.
import { UsageError } from '../harness/errors.js';
import { readFlagFromCommand } from './command-flag.js';
import { parseInteger, parsePositiveNumber } from './parse-flag-values.js';

export interface RunPaceFlags {
  readonly timeoutMs?: string | undefined;
  readonly rateLimit?: string | undefined;
  readonly concurrency?: string | undefined;
}

/** The run options the flags set; a flag left out sets nothing (the config's value holds). */
export interface RunPace {
  readonly timeoutMs?: number;
  readonly rateLimit?: number;
  readonly concurrency?: number;
}

/** Parses the pace flags; a bad value is a UsageError naming the flag. */
export function parseRunPace(flags: RunPaceFlags): RunPace {
  const timeoutMs = parseInteger('timeout-ms', flags.timeoutMs, 1, 0x7fffffff);
  const rateLimit = parsePositiveNumber('rate-limit', flags.rateLimit);
  const concurrency = parseInteger('concurrency', flags.concurrency, 1, 64);
  return {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
  };
}

/** The pace of the run `command` (a report's replayCommand) was made with; a bad value blames the report, not the user's flags. */
export function runPaceOfCommand(command: string, reportPath: string): RunPace {
  try {
    return parseRunPace({
      timeoutMs: readFlagFromCommand(command, '--timeout-ms'),
      rateLimit: readFlagFromCommand(command, '--rate-limit'),
      concurrency: readFlagFromCommand(command, '--concurrency'),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(
      `${reportPath} says its run was made with a value replay cannot use (${error.message}); fix the report's replayCommand or run the checks again with apicert run`,
    );
  }
}
