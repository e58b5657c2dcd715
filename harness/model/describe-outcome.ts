// The one-line description of a check's outcome that every reporter shows: the console, JUnit's
// message attribute and the HTML summary say the same words.
import type { CheckResult } from './run-result.js';

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
