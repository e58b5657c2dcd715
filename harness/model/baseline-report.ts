// What a comparison reads from an earlier run's report.json; a RunResult is one too. The runner
// parses the file into this shape (harness/runner/parse-baseline-report.ts).
import type { RunOptions, ShardChoice } from './run-options.js';
import type { CheckStatus } from './run-result.js';

/** One check of the baseline run. */
export interface BaselineCheck {
  readonly id: string;
  readonly suite: string;
  readonly class: string;
  readonly title: string;
  readonly status: CheckStatus;
  /** The check's own seed, when the report gives it (every apicert report does); read by apicert replay. */
  readonly seed?: number;
}

/** What a comparison reads from a baseline. */
export interface BaselineReport {
  readonly tool: { readonly version: string };
  readonly target: { readonly baseUrl: string };
  readonly startedAt: string;
  readonly seed: number;
  readonly checks: readonly BaselineCheck[];
  /** The options the run was made with, when the report records them (read by apicert replay). */
  readonly options?: RunOptions;
  /**
   * The shard the report is of, from its shard marker: what apicert replay keeps of a shard's report
   * written before reports recorded their options.
   */
  readonly shard?: ShardChoice;
}
