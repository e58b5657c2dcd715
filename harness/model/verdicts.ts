// Pure judgement of a run: per-class verdicts and the overall verdict from check results.
import type { CheckResult, ClassResult, ClassVerdict, RunSummary } from './run-result.js';

/** Counts check statuses. */
export function summarizeChecks(checks: readonly CheckResult[]): RunSummary {
  const summary = { passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const check of checks) summary[check.status] += 1;
  return summary;
}

/** A class fails on any failed or errored check, is skipped when nothing in it ran, and passes otherwise. */
function judgeClass(counts: RunSummary): ClassVerdict {
  if (counts.failed > 0 || counts.errored > 0) return 'failed';
  if (counts.passed === 0) return 'skipped';
  return 'passed';
}

/**
 * Verdict per class, in first-seen order. `required` undefined means "every class that ran" (the
 * contract's default). A required class that no check belongs to is listed as skipped, never passed.
 */
export function judgeClasses(checks: readonly CheckResult[], required: readonly string[] | undefined): ClassResult[] {
  const byClass = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const list = byClass.get(check.class) ?? [];
    list.push(check);
    byClass.set(check.class, list);
  }
  for (const id of required ?? []) if (!byClass.has(id)) byClass.set(id, []);
  return [...byClass].map(([id, members]) => {
    const counts = summarizeChecks(members);
    const verdict = judgeClass(counts);
    const isRequired = required ? required.includes(id) : verdict !== 'skipped';
    return { id, verdict, required: isRequired, checks: counts };
  });
}

/** Passed only when at least one class is required and every required class passed. */
export function judgeRun(classes: readonly ClassResult[]): 'passed' | 'failed' {
  const required = classes.filter((c) => c.required);
  if (required.length === 0) return 'failed';
  return required.every((c) => c.verdict === 'passed') ? 'passed' : 'failed';
}
