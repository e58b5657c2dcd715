// The one-line description of a check's outcome that every reporter shows: the console, JUnit's
// message attribute and the HTML summary say the same words.
import type { CheckResult, RunResult } from './run-result.js';

/** What happened, in one line: the failure, the skip reason or the error (with its code). */
export function describeOutcome(check: CheckResult): string {
  switch (check.status) {
    case 'passed': {
      const advice = count(check, 'advisory', 'advisory finding', 'advisory findings');
      const warnings = count(check, 'warning', 'warning', 'warnings');
      const notes = [advice, warnings].filter((text) => text !== undefined);
      return notes.length === 0 ? 'passed' : `passed with ${notes.join(' and ')}`;
    }
    case 'failed':
    case 'skipped':
    case 'errored':
      return check.message;
  }
}

/** The errored variant's message: its code first, so the one line says which error it was. */
export function describeError(error: { readonly code: string; readonly message: string }): string {
  return `${error.code}: ${error.message}`;
}

function count(check: CheckResult, level: 'advisory' | 'warning', one: string, many: string): string | undefined {
  const n = check.findings.filter((finding) => finding.level === level).length;
  return n === 0 ? undefined : `${n} ${n === 1 ? one : many}`;
}

/** Why the run's verdict is what it is, in words every reporter shows after "Verdict: passed" or "failed". */
export function describeVerdictReason(run: Pick<RunResult, 'verdict' | 'classes'>): string {
  const required = run.classes.filter((result) => result.required);
  if (run.verdict === 'passed')
    return `${required.length === 1 ? 'the 1 required class' : `all ${required.length} required classes`} passed`;
  if (required.length === 0) return 'no conformance class was required';
  return `required classes not passed: ${required
    .filter((result) => result.verdict !== 'passed')
    .map((result) => `${result.id} (${result.verdict})`)
    .join(', ')}`;
}
