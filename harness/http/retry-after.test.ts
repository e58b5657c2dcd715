import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideThrottleWait, parseRetryAfter } from './retry-after.js';

const now = Date.parse('2026-11-25T10:00:00Z');
const policy = { maxRetries: 3, maxWaitMs: 10_000, backoffMs: 500 };

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:03 GMT', now)).toBe(3000);
    // A date in the past means "now".
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores what is absent or not one of the two forms', () => {
    for (const value of [undefined, '', '-1', '1.5', 'soon', '2026-11-25T10:00:03Z', 'Wed, 99 Foo 2026 xx GMT']) {
      expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
    }
  });
});

describe('decideThrottleWait', () => {
  it('waits as long as the target asked, within the cap', () => {
    expect(decideThrottleWait(1, 1000, policy)).toBe(1000);
    expect(decideThrottleWait(1, 10_001, policy)).toBeUndefined();
  });

  it('backs off by doubling when the target gave no time, up to the cap', () => {
    expect([1, 2, 3].map((attempt) => decideThrottleWait(attempt, undefined, policy))).toEqual([500, 1000, 2000]);
    expect(decideThrottleWait(3, undefined, { ...policy, backoffMs: 8000 })).toBe(10_000);
  });

  it('makes no retry past maxRetries', () => {
    expect(decideThrottleWait(4, 0, policy)).toBeUndefined();
  });

  it('never waits longer than the cap, nor a negative time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.option(fc.nat(100_000), { nil: undefined }), (attempt, asked) => {
        const wait = decideThrottleWait(attempt, asked, policy);
        if (wait !== undefined) expect(wait).toBeGreaterThanOrEqual(0);
        if (wait !== undefined) expect(wait).toBeLessThanOrEqual(policy.maxWaitMs);
      }),
    );
  });
});
