// The release gate: whether this run lets a release through, which the CLI turns into exit code 0
// or 1. Pure; the reports keep the real verdict whatever the gate says.
import type { ComparedCheck, RunComparison } from './compare-runs.js';
import type { RunResult } from './run-result.js';

/** What decides the gate: every failure in a required class, or only those the baseline lacked. */
export type FailOn = 'any' | 'new';

/** New failures in classes this run requires: what `--fail-on new` gates on. */
export function findRequiredNewFailures(comparison: RunComparison): readonly ComparedCheck[] {
  return comparison.newFailures.filter((check) => check.required);
}

/** Passed when the run's verdict passed, or, with --fail-on new and a baseline, when no required failure is new. */
export function isReleaseGatePassed(run: RunResult, comparison: RunComparison | undefined, failOn: FailOn): boolean {
  if (failOn === 'new' && comparison !== undefined) return findRequiredNewFailures(comparison).length === 0;
  return run.verdict === 'passed';
}
