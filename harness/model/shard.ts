// A run split across machines (`apicert run --shard i/n`) and merged again (`apicert merge-reports`):
// what each part's report says about its place in the whole, and what a merged report says about
// the parts it was made from.
import type { RunRequirement } from './run-options.js';
import type { SuiteName } from './run-result.js';

/** What one shard owns: the collections it judges and the suites it runs. */
export interface ShardPlanPart {
  readonly collections: readonly string[];
  readonly suites: readonly SuiteName[];
}

/** Set on the report of one shard: which part of which split it is. */
export interface ShardMarker {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
  /**
   * Names the split: the same for every shard of one run (same kit version, config, base URL,
   * --suite, --require, --strict, count and split; not the seed), different otherwise, so parts of
   * two runs are never merged into one.
   */
  readonly key: string;
  /** Every shard's part, shard 1 first: what a missing shard would have judged. */
  readonly plan: readonly ShardPlanPart[];
  /** The classes the whole run requires, as --require, --strict and their default gave them. */
  readonly requirement: RunRequirement;
}

/** One report a merged report was made from. */
export interface MergedPart {
  readonly index: number;
  /** Where the part was read from, as given to merge-reports. */
  readonly source: string;
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly verdict: 'passed' | 'failed';
  readonly replayCommand: string;
}

/** Set on a merged report: the parts, and the shards that were missing or given twice. */
export interface MergedShards {
  readonly count: number;
  readonly parts: readonly MergedPart[];
  readonly missing: readonly number[];
  readonly duplicated: readonly number[];
}
