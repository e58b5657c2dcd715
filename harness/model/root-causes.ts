// One root cause, said once: checks blocked by what another check judges are listed under that
// check rather than each as a failure of its own. Pure.
import type { CheckResult, ErroredCheck } from './run-result.js';

/** The checks that `checkId` blocked, when it did not pass itself. */
export interface RootCause {
  readonly checkId: string;
  readonly blocked: readonly ErroredCheck[];
}

/**
 * Blocked checks grouped under their blocker, for blockers that are in this run and did not pass.
 * A blocked check whose blocker did not run (or passed) stands on its own.
 */
export function findRootCauses(checks: readonly CheckResult[]): RootCause[] {
  const failing = new Set(checks.filter((check) => check.status === 'failed' || check.status === 'errored').map((check) => check.id));
  const byBlocker = new Map<string, ErroredCheck[]>();
  for (const check of checks) {
    if (check.status !== 'errored' || check.blockedBy === undefined || !failing.has(check.blockedBy)) continue;
    byBlocker.set(check.blockedBy, [...(byBlocker.get(check.blockedBy) ?? []), check]);
  }
  return [...byBlocker].map(([checkId, blocked]) => ({ checkId, blocked }));
}
