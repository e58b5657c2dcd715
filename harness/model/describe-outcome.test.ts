import { describe, expect, it } from 'vitest';
import { describeOutcome } from './describe-outcome.js';
import { buildCheck } from './test-support/sample-run.js';

describe('describeOutcome', () => {
  it('says passed, and counts the warnings a passed check carries', () => {
    expect(describeOutcome(buildCheck())).toBe('passed');
    const warned = buildCheck({
      findings: [
        { level: 'warning', message: 'a' },
        { level: 'info', message: 'b' },
        { level: 'warning', message: 'c' },
      ],
    });
    expect(describeOutcome(warned)).toBe('passed with 2 warnings');
    const advised = buildCheck({
      findings: [
        { level: 'advisory', message: 'a' },
        { level: 'warning', message: 'b' },
      ],
    });
    expect(describeOutcome(advised)).toBe('passed with 1 advisory finding and 1 warning');
  });

  it('gives the failure, the skip reason and the error with its code', () => {
    expect(describeOutcome(buildCheck({ status: 'failed', message: 'ids on two pages: 4' }))).toBe(
      'ids on two pages: 4',
    );
    expect(describeOutcome(buildCheck({ status: 'skipped', message: 'no list endpoint' }))).toBe('no list endpoint');
    const errored = buildCheck({
      status: 'errored',
      error: { code: 'APICERT_CHECK_TIMEOUT', message: 'ran past 5000 ms' },
    });
    expect(describeOutcome(errored)).toBe('APICERT_CHECK_TIMEOUT: ran past 5000 ms');
  });
});
