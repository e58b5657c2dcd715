// The command every report prints to run its run again: derived from the run's options, never the
// other way round (apicert replay and merge-reports read the options themselves). Pure.
import { quoteForShell } from '../http/curl.js';
import type { RunOptions } from '../model/run-options.js';

/** `npx apicert run …` with the run's seed, or `npx apicert replay …` for a replay's own run. */
export function describeReplayCommand(baseUrl: string, seed: number, options: RunOptions): string {
  const { replayOf } = options;
  if (replayOf !== undefined) {
    const check = replayOf.check === undefined ? [] : ['--check', quoteForShell(replayOf.check)];
    // The config the replay ran with, which the replayed report may not name (a run made with --openapi).
    const config = options.configPath === undefined ? [] : ['--config', quoteForShell(options.configPath)];
    const target = ['--base-url', quoteForShell(baseUrl)];
    return ['npx apicert replay', quoteForShell(replayOf.report), ...check, ...config, ...target].join(' ');
  }
  const { requirement, pace, shard } = options;
  const parts = ['npx apicert run', `--base-url ${quoteForShell(baseUrl)}`];
  if (options.openapi !== undefined) parts.push(`--openapi ${quoteForShell(options.openapi)}`);
  if (options.configPath !== undefined) parts.push(`--config ${quoteForShell(options.configPath)}`);
  if (options.suites !== undefined) parts.push(`--suite ${options.suites.join(',')}`);
  if (requirement.required !== undefined) parts.push(`--require ${requirement.required.join(',')}`);
  if (requirement.strict) parts.push('--strict');
  if (requirement.also.length > 0) parts.push(`--require ${requirement.also.join(',')}`);
  if (pace.timeoutMs !== undefined) parts.push(`--timeout-ms ${pace.timeoutMs}`);
  if (pace.rateLimit !== undefined) parts.push(`--rate-limit ${pace.rateLimit}`);
  if (pace.concurrency !== undefined) parts.push(`--concurrency ${pace.concurrency}`);
  if (shard !== undefined) parts.push(`--shard ${shard.index}/${shard.count}`);
  parts.push(`--seed ${seed}`);
  return parts.join(' ');
}
