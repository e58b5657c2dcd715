// Exchanges are redacted when recorded; the words a check writes (message, expected, actual,
// findings) are redacted here, so a check that quotes a secret still cannot leak it.
import { redactText, secretVariants } from '../http/redact.js';
import type { CheckResult } from '../model/run-result.js';

export function redactResultText(result: CheckResult, secrets: readonly string[]): CheckResult {
  if (secrets.length === 0) return result;
  const variants = secretVariants(secrets);
  const clean = (text: string): string => redactText(text, variants);
  const findings = result.findings.map((finding) => ({ ...finding, message: clean(finding.message) }));
  switch (result.status) {
    case 'passed':
      return { ...result, findings };
    case 'skipped':
      return { ...result, message: clean(result.message), findings };
    case 'errored':
      return { ...result, message: clean(result.message), error: { ...result.error, message: clean(result.error.message) }, findings };
    case 'failed':
      return {
        ...result,
        message: clean(result.message),
        ...(result.expected !== undefined ? { expected: clean(result.expected) } : {}),
        ...(result.actual !== undefined ? { actual: clean(result.actual) } : {}),
        ...(result.counterexample !== undefined ? { counterexample: JSON.parse(clean(JSON.stringify(result.counterexample))) as unknown } : {}),
        findings,
      };
  }
}

/** The same for a run-level note. */
export function redactNoteText<T extends { readonly message: string }>(note: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return note;
  return { ...note, message: redactText(note.message, secretVariants(secrets)) };
}
