// One root cause, said once: checks blocked by what another check judges are listed under that
// check, and checks that fail on one shared observation (lists that are not pages, a refused
// credential) under that observation, rather than each as a failure of its own. Pure.
import type { CheckResult, ErroredCheck, FailedCheck } from '../harness/model/run-result.js';
import { sharedCauses, type SharedCauseKey } from '../harness/model/shared-cause.js';

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
  const failing = new Set(
    checks.filter((check) => check.status === 'failed' || check.status === 'errored').map((check) => check.id),
  );
  const byBlocker = new Map<string, ErroredCheck[]>();
  for (const check of checks) {
    if (check.status !== 'errored' || check.blockedBy === undefined || !failing.has(check.blockedBy)) continue;
    byBlocker.set(check.blockedBy, [...(byBlocker.get(check.blockedBy) ?? []), check]);
  }
  return [...byBlocker].map(([checkId, blocked]) => ({ checkId, blocked }));
}

/** One shared observation and every failed or errored check that reports it. */
export interface SharedCauseGroup {
  readonly key: SharedCauseKey;
  /** The sentence that names the cause and the rule it breaks. */
  readonly summary: string;
  /** Every list or operation it affects, across its checks, each once, in the order first seen. */
  readonly subjects: readonly string[];
  readonly checks: readonly (FailedCheck | ErroredCheck)[];
}

/** Checks grouped by the shared cause they report, for causes that two or more checks report. */
export function findSharedCauses(checks: readonly CheckResult[]): SharedCauseGroup[] {
  const byKey = new Map<SharedCauseKey, (FailedCheck | ErroredCheck)[]>();
  for (const check of checks) {
    if ((check.status !== 'failed' && check.status !== 'errored') || check.cause === undefined) continue;
    byKey.set(check.cause.key, [...(byKey.get(check.cause.key) ?? []), check]);
  }
  return [...byKey]
    .filter(([, members]) => members.length >= 2)
    .map(([key, members]) => ({
      key,
      summary: sharedCauses[key],
      subjects: [...new Set(members.flatMap((check) => check.cause?.subjects ?? []))],
      checks: members,
    }));
}
