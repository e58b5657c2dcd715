// The order of the checks section: grouped by suite and class, failures first at every level, so the
// first screen of a red report shows what broke. Pure.
import type { CheckResult, CheckStatus } from '../../harness/model/run-result.js';

export interface ClassGroup {
  readonly classId: string;
  readonly checks: readonly CheckResult[];
}

export interface SuiteGroup {
  readonly suite: string;
  readonly classes: readonly ClassGroup[];
}

const statusRank: Readonly<Record<CheckStatus, number>> = { failed: 0, errored: 1, skipped: 2, passed: 3 };

function hasProblem(checks: readonly CheckResult[]): boolean {
  return checks.some((check) => check.status === 'failed' || check.status === 'errored');
}

// Array.prototype.sort is stable, so ties keep the run's order (the order checks ran in).
function problemsFirst<T>(items: readonly T[], isProblem: (item: T) => boolean): T[] {
  return [...items].sort((a, b) => Number(isProblem(b)) - Number(isProblem(a)));
}

/** Suites, then classes inside each, in run order with failing groups first; checks by status. */
export function groupChecks(checks: readonly CheckResult[]): SuiteGroup[] {
  const suites = new Map<string, Map<string, CheckResult[]>>();
  for (const check of checks) {
    const classes = suites.get(check.suite) ?? new Map<string, CheckResult[]>();
    suites.set(check.suite, classes);
    const members = classes.get(check.class) ?? [];
    classes.set(check.class, members);
    members.push(check);
  }
  const groups = [...suites].map(([suite, classes]) => ({
    suite,
    classes: problemsFirst(
      [...classes].map(([classId, members]) => ({
        classId,
        checks: [...members].sort((a, b) => statusRank[a.status] - statusRank[b.status]),
      })),
      (group) => hasProblem(group.checks),
    ),
  }));
  return problemsFirst(groups, (group) => group.classes.some((klass) => hasProblem(klass.checks)));
}
