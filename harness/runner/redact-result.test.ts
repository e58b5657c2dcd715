import { describe, expect, it } from 'vitest';
import { buildCheck } from '../model/test-support/sample-run.js';
import { redactResultText } from './redact-result.js';

const secret = 'sekrit-0123456789';

describe('redactResultText', () => {
  it('removes secrets from every text a check writes', () => {
    const result = buildCheck({
      status: 'failed',
      message: `saw ${secret} in the body`,
      expected: secret,
      actual: `"${secret}"`,
      counterexample: { body: `{"s":"${secret}"}` },
      findings: [{ level: 'warning', message: `echoed ${encodeURIComponent(secret)}` }],
    });
    const redacted = redactResultText(result, [secret]);
    expect(JSON.stringify(redacted)).not.toContain(secret);
    expect(redacted).toMatchObject({ status: 'failed', message: 'saw [REDACTED] in the body' });
  });

  it("removes secrets from an errored check's message and error", () => {
    const result = buildCheck({ status: 'errored', error: { code: 'APICERT_CHECK_CRASHED', message: secret } });
    const redacted = redactResultText(result, [secret]);
    expect(JSON.stringify(redacted)).not.toContain(secret);
    expect(redacted).toMatchObject({ message: 'APICERT_CHECK_CRASHED: [REDACTED]', error: { message: '[REDACTED]' } });
  });

  it('returns the result as is without secrets', () => {
    const result = buildCheck();
    expect(redactResultText(result, [])).toBe(result);
  });
});
