// Pure judgement of a run: per-class verdicts and the overall verdict from check results.
import { describeUnjudged, hasJudged, type ClassMember } from './judged-checks.js';
import {
  advisoryClassId,
  optInClassIds,
  type CheckResult,
  type CheckStatus,
  type ClassResult,
  type ClassVerdict,
  type RunSummary,
} from './run-result.js';

/** Counts check statuses. */
export function summarizeChecks(checks: readonly CheckResult[]): RunSummary {
  return countStatuses(checks.map((check) => check.status));
}

/**
 * A class fails on any failed or errored check, passes when a member judged its rule, and is
 * skipped otherwise: nothing ran, or every member was skipped or passed without judging
 * (judged-checks.ts says what judging is), with the reason.
 */
function judgeClass(members: readonly ClassMember[]): { verdict: ClassVerdict; reason?: string } {
  if (members.some(({ status }) => status === 'failed' || status === 'errored')) return { verdict: 'failed' };
  if (members.some(hasJudged)) return { verdict: 'passed' };
  return { verdict: 'skipped', reason: describeUnjudged(members) };
}

/** How judgeClasses decides which classes the run requires. */
export interface Requirement {
  /** The classes --require names; undefined means "every class that ran" (the contract's default). */
  readonly required: readonly string[] | undefined;
  /** --strict: the advisory class is required as well. */
  readonly strict?: boolean;
  /** Opt-in classes (optInClassIds) required on top of the default, when --require named only those. */
  readonly also?: readonly string[];
}

/**
 * Verdict per class, in first-seen order, then the advisory class. A required class that no check
 * belongs to is listed as skipped, never passed. The advisory class is required only when named or
 * under --strict: advice is good practice, never a failure by default.
 */
export function judgeClasses(
  checks: readonly CheckResult[],
  { required, strict = false, also = [] }: Requirement,
): ClassResult[] {
  const byClass = new Map<string, ClassMember[]>();
  const add = (id: string, member: ClassMember): void => void byClass.set(id, [...(byClass.get(id) ?? []), member]);
  for (const check of checks) add(check.class, { check, status: check.status });
  for (const check of checks) {
    const advisory = advisoryStatus(check);
    if (advisory !== undefined) add(advisoryClassId, { check, status: advisory });
  }
  for (const id of [...(required ?? []), ...also]) if (!byClass.has(id)) byClass.set(id, []);
  return [...byClass].map(([id, members]) => {
    const counts = countStatuses(members.map(({ status }) => status));
    const { verdict, reason } = judgeClass(members);
    const isNamed =
      required === undefined
        ? (verdict !== 'skipped' && !optInClassIds.includes(id)) || also.includes(id)
        : required.includes(id);
    // --strict adds the advisory class when it has members; naming it with --require always counts.
    const isRequired = isNamed || (strict && id === advisoryClassId && verdict !== 'skipped');
    return { id, verdict, ...(reason !== undefined ? { reason } : {}), required: isRequired, checks: counts };
  });
}

/**
 * A check's standing in the advisory class: every check that gave advice counts as failed there
 * (its own status is unchanged), and an advisory-level check counts with its own status. Other
 * checks are not members.
 */
function advisoryStatus(check: CheckResult): CheckStatus | undefined {
  const advised = check.findings.some((finding) => finding.level === 'advisory');
  if (advised && (check.status === 'passed' || check.status === 'failed')) return 'failed';
  return check.level === 'advisory' ? check.status : undefined;
}

function countStatuses(statuses: readonly CheckStatus[]): RunSummary {
  const summary = { passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const status of statuses) summary[status] += 1;
  return summary;
}

/** Passed only when at least one class is required and every required class passed. */
export function judgeRun(classes: readonly ClassResult[]): 'passed' | 'failed' {
  const required = classes.filter((c) => c.required);
  if (required.length === 0) return 'failed';
  return required.every((c) => c.verdict === 'passed') ? 'passed' : 'failed';
}
