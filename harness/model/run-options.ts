// The options a run was made with, as data: the CLI builds them from its flags once, the runner
// records them in the result, and apicert replay, merge-reports and the replay line shown in every
// report read them from there. Nothing recovers an option by parsing a command back.
import type { SuiteName } from './run-result.js';

/**
 * How fast a run may go at the target (--timeout-ms, --rate-limit, --concurrency). A field left out
 * leaves the config's value (budgets.requestTimeoutMs, target.rateLimit, target.concurrency) in force.
 */
export interface RunPace {
  readonly timeoutMs?: number;
  readonly rateLimit?: number;
  readonly concurrency?: number;
}

/** The bounds of each pace option: the flags and a report's recorded options are held to the same. */
export const runPaceBounds = {
  timeoutMs: { min: 1, max: 0x7fffffff, isInteger: true },
  rateLimit: { min: 0.01, max: 1_000_000, isInteger: false },
  concurrency: { min: 1, max: 64, isInteger: true },
} as const satisfies Record<keyof RunPace, { min: number; max: number; isInteger: boolean }>;

/** The classes a release needs, as --require and --strict gave them. */
export interface RunRequirement {
  /** The classes --require named; absent: every class that ran (the contract's default). */
  readonly required?: readonly string[];
  /** --strict: the advisory class is required too. */
  readonly strict: boolean;
  /** Opt-in classes required on top of the default (--require naming only those). */
  readonly also: readonly string[];
}

/** The most parts a run may be split into (--shard i/n). */
export const maxShards = 64;

/** One part of a run split across machines (--shard i/n), 1-based. */
export interface ShardChoice {
  readonly index: number;
  readonly count: number;
}

/** What a run was asked to do, as the user gave it; holds no secret. */
export interface RunOptions {
  /** The --config file, as given. */
  readonly configPath?: string;
  /** The API description the config was derived from (run --openapi), as given. */
  readonly openapi?: string;
  /** --suite: only these suites; absent: every suite the config can drive. */
  readonly suites?: readonly SuiteName[];
  /** Only these checks, by id (apicert replay). */
  readonly checks?: readonly string[];
  readonly requirement: RunRequirement;
  readonly pace: RunPace;
  readonly shard?: ShardChoice;
  /** Set on a run made by apicert replay: the report it replayed and the check --check named. */
  readonly replayOf?: { readonly report: string; readonly check?: string };
}

/** The requirement of a run that gave no --require and no --strict: every class that ran. */
export const defaultRequirement: RunRequirement = { strict: false, also: [] };

/** `given`, with the defaults of a run given no --require, --strict or pace flags for what it leaves out. */
export function toRunOptions(given: Partial<RunOptions>): RunOptions {
  return { requirement: defaultRequirement, pace: {}, ...given };
}
