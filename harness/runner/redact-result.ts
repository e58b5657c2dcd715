// Exchanges are redacted when recorded; the words a check writes (message, expected, actual,
// findings) are redacted here, so a check that quotes a secret still cannot leak it.
import { redactText, secretVariants } from '../http/redact.js';
import type { CheckResult } from '../model/run-result.js';

export function redactResultText(result: CheckResult, secrets: readonly string[]): CheckResult {
  if (secrets.length === 0) return result;
  const variants = secretVariants(secrets);
  const clean = (text: string): string => redactText(text, variants);
  return {
    ...result,
    ...(result.message !== undefined ? { message: clean(result.message) } : {}),
    ...(result.expected !== undefined ? { expected: clean(result.expected) } : {}),
    ...(result.actual !== undefined ? { actual: clean(result.actual) } : {}),
    ...(result.error !== undefined ? { error: { ...result.error, message: clean(result.error.message) } } : {}),
    ...(result.counterexample !== undefined ? { counterexample: JSON.parse(clean(JSON.stringify(result.counterexample))) as unknown } : {}),
    findings: result.findings.map((finding) => ({ ...finding, message: clean(finding.message) })),
  };
}
