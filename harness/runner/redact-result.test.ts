import { describe, expect, it } from 'vitest';
import { buildCheck } from '../model/test-support/sample-run.js';
import { resultBounds } from './bound-result.js';
import { redactResultText, toReportedNote, toReportedResult } from './redact-result.js';

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

  it('removes secrets from the words of its charts, before they are cut, whatever the verdict', () => {
    const longId = `evt_${'x'.repeat(110)}${secret}`;
    const result = buildCheck({
      charts: [
        { kind: 'deliveries', events: [{ id: longId, attempts: [{ atMs: 0, status: 200 }] }], omittedEvents: 0 },
        { kind: 'acknowledgements', budgetMs: 10, deliveries: [{ label: `sent ${secret}`, ms: 1 }], omitted: 0 },
        { kind: 'page-cost', list: `/c?k=${secret}`, pageSize: 2, pages: [], warnRatio: 3, adviceFromMs: 12 },
      ],
    });
    const reported = toReportedResult(result, [secret]);
    expect(JSON.stringify(reported)).not.toContain(secret);
    expect(JSON.stringify(reported)).not.toContain(secret.slice(0, 8));
    expect(reported.charts?.[1]).toMatchObject({ deliveries: [{ label: 'sent [REDACTED]' }] });
  });

  it("removes secrets from an errored check's message and error", () => {
    const result = buildCheck({ status: 'errored', error: { code: 'APICERT_CHECK_CRASHED', message: secret } });
    const redacted = redactResultText(result, [secret]);
    expect(JSON.stringify(redacted)).not.toContain(secret);
    expect(redacted).toMatchObject({ message: 'APICERT_CHECK_CRASHED: [REDACTED]', error: { message: '[REDACTED]' } });
  });

  it('redacts before it cuts, so no part of a secret that straddles a cut is left', () => {
    // The secret starts 4 characters before each cut: cut first, "sekr" would stay where no search finds it.
    const straddling = `${'x'.repeat(resultBounds.textChars - 4)}${secret}`;
    const inCounterexample = `${'y'.repeat(resultBounds.counterexampleChars - 4)}${secret}`;
    const result = buildCheck({
      status: 'failed',
      message: straddling,
      findings: [{ level: 'warning', message: straddling }],
      counterexample: { [inCounterexample]: [inCounterexample] },
    });
    const reported = JSON.stringify(toReportedResult(result, [secret]));
    expect(reported).not.toContain(secret.slice(0, 4));
    expect(reported).toContain('characters cut]');
    const note = toReportedNote({ level: 'warning', message: straddling }, [secret]);
    expect(note.message).not.toContain(secret.slice(0, 4));
  });

  it('walks a counterexample no deeper than reports keep it, however deep it nests', () => {
    let deep: unknown = secret;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const reported = toReportedResult(buildCheck({ status: 'failed', counterexample: { outer: secret, deep } }), [
      secret,
    ]);
    expect(JSON.stringify(reported)).not.toContain(secret);
  });

  it('returns the result as is without secrets', () => {
    const result = buildCheck();
    expect(redactResultText(result, [])).toBe(result);
  });
});
