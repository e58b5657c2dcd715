// How long each suite's checks took and how they ended: the run overview the HTML report draws and
// the console's line of it. Checks that run side by side overlap, so the times can add up to more
// than the run's. Pure.
import { formatDuration } from './format-duration.js';
import type { CheckResult, CheckStatus } from '../harness/model/run-result.js';

export interface SuiteTime {
  readonly suite: string;
  readonly ms: number;
  readonly counts: Readonly<Record<CheckStatus, number>>;
  readonly worst: CheckStatus;
}

/** Statuses from the worst: the colour and the order of a suite's counts. */
export const worstFirst: readonly CheckStatus[] = ['failed', 'errored', 'passed', 'skipped'];

/** Each suite that has checks, in the order its first check appears. */
export function suiteTimes(checks: readonly CheckResult[]): SuiteTime[] {
  const bySuite = new Map<string, CheckResult[]>();
  for (const check of checks) bySuite.set(check.suite, [...(bySuite.get(check.suite) ?? []), check]);
  return [...bySuite].map(([suite, list]) => {
    const counts = { passed: 0, failed: 0, skipped: 0, errored: 0 };
    for (const check of list) counts[check.status] += 1;
    return {
      suite,
      ms: list.reduce((sum, check) => sum + Math.max(0, check.durationMs), 0),
      counts,
      worst: worstFirst.find((status) => counts[status] > 0) ?? 'skipped',
    };
  });
}

/** "1 failed, 12 passed": the suite's counts, worst first. */
export function describeCounts(time: SuiteTime): string {
  return worstFirst
    .filter((status) => time.counts[status] > 0)
    .map((status) => `${time.counts[status]} ${status}`)
    .join(', ');
}

/** "pagination: 2.5 s in its checks, 1 failed, 12 passed". */
export function describeSuiteTime(time: SuiteTime): string {
  return `${time.suite}: ${formatDuration(time.ms)} in its checks, ${describeCounts(time)}`;
}
