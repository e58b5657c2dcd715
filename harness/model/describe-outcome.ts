// The one-line description of a check's outcome that every reporter shows: the console, JUnit's
// message attribute and the HTML summary say the same words.
import type { CheckResult } from './run-result.js';

/** What happened, in one line: the failure, the skip reason or the error (with its code). */
export function describeOutcome(check: CheckResult): string {
  switch (check.status) {
    case 'passed': {
      const warnings = check.findings.filter((finding) => finding.level === 'warning').length;
      return warnings === 0 ? 'passed' : `passed with ${warnings} warning${warnings === 1 ? '' : 's'}`;
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
