// This run against a baseline run, check by check (matched on check id, which keeps its meaning
// once published). Pure: the CLI gates on it and the HTML and console reports show it.
import type { BaselineReport } from './baseline-report.js';
import type { CheckStatus, RunResult } from './run-result.js';

/** A check as the comparison shows it: its status in each run (absent when that run did not have it). */
export interface ComparedCheck {
  readonly id: string;
  readonly suite: string;
  readonly class: string;
  readonly title: string;
  readonly status?: CheckStatus;
  readonly baselineStatus?: CheckStatus;
  /** Whether this run requires the check's class; false for a check this run did not have. */
  readonly required: boolean;
}

/** Where a check landed. */
export type ComparisonCategory = 'new-failure' | 'fixed' | 'still-failing' | 'not-rechecked' | 'unchanged';

export interface RunComparison {
  /** Which run was the baseline. */
  readonly baseline: {
    readonly version: string;
    readonly baseUrl: string;
    readonly startedAt: string;
    readonly seed: number;
  };
  /** Failed or errored now; passed, skipped or absent in the baseline. */
  readonly newFailures: readonly ComparedCheck[];
  /** Failed or errored in the baseline; passed now. */
  readonly fixed: readonly ComparedCheck[];
  /** Failed or errored in both runs. */
  readonly stillFailing: readonly ComparedCheck[];
  /** Failed or errored in the baseline; skipped or not run now, so nothing says it was fixed. */
  readonly notRechecked: readonly ComparedCheck[];
  /** Not failing in either run (passed or skipped, or new and not failing). */
  readonly unchanged: readonly ComparedCheck[];
}

/** Failed and errored both break a class (contract: "both fail the class"). */
export function isProblem(status: CheckStatus | undefined): boolean {
  return status === 'failed' || status === 'errored';
}

/** The category of a check from its status now and in the baseline. */
export function categorize(
  status: CheckStatus | undefined,
  baselineStatus: CheckStatus | undefined,
): ComparisonCategory {
  if (isProblem(status)) return isProblem(baselineStatus) ? 'still-failing' : 'new-failure';
  if (!isProblem(baselineStatus)) return 'unchanged';
  return status === 'passed' ? 'fixed' : 'not-rechecked';
}

/** Compares `run` with `baseline`: every check of either run lands in exactly one category. */
export function compareRuns(run: RunResult, baseline: BaselineReport): RunComparison {
  const requiredClasses = new Set(run.classes.filter((result) => result.required).map((result) => result.id));
  const baselineById = new Map<string, BaselineReport['checks'][number]>();
  // A duplicated id keeps its first entry, as a reader scanning the report would.
  for (const check of baseline.checks) if (!baselineById.has(check.id)) baselineById.set(check.id, check);

  const buckets: Record<ComparisonCategory, ComparedCheck[]> = {
    'new-failure': [],
    fixed: [],
    'still-failing': [],
    'not-rechecked': [],
    unchanged: [],
  };
  const seen = new Set<string>();
  for (const check of run.checks) {
    if (seen.has(check.id)) continue;
    seen.add(check.id);
    const before = baselineById.get(check.id);
    const compared: ComparedCheck = {
      id: check.id,
      suite: check.suite,
      class: check.class,
      title: check.title,
      status: check.status,
      ...(before !== undefined ? { baselineStatus: before.status } : {}),
      required: requiredClasses.has(check.class),
    };
    buckets[categorize(check.status, before?.status)].push(compared);
  }
  for (const before of baselineById.values()) {
    if (seen.has(before.id)) continue;
    const compared: ComparedCheck = {
      id: before.id,
      suite: before.suite,
      class: before.class,
      title: before.title,
      baselineStatus: before.status,
      required: false,
    };
    buckets[categorize(undefined, before.status)].push(compared);
  }
  return {
    baseline: {
      version: baseline.tool.version,
      baseUrl: baseline.target.baseUrl,
      startedAt: baseline.startedAt,
      seed: baseline.seed,
    },
    newFailures: buckets['new-failure'],
    fixed: buckets.fixed,
    stillFailing: buckets['still-failing'],
    notRechecked: buckets['not-rechecked'],
    unchanged: buckets.unchanged,
  };
}
