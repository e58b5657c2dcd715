import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeDeepPageLatency, minimumExtraMs } from './deep-page-latency.js';

describe('judgeDeepPageLatency', () => {
  it('calls a deep page slow past the ratio and the noise margin', () => {
    expect(judgeDeepPageLatency(3, 50, 3)).toMatchObject({ isSlow: true });
    expect(judgeDeepPageLatency(3, 8, 3)).toMatchObject({ isSlow: false });
    // Ratio 4, but only 3 ms apart: noise.
    expect(judgeDeepPageLatency(1, 4, 3)).toMatchObject({ isSlow: false, ratio: 4 });
  });

  it('never calls a deep page slow when it is no slower than the first', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1.01, max: 50, noNaN: true }),
        (first, share, ratio) => {
          expect(judgeDeepPageLatency(first, first * share, ratio).isSlow).toBe(false);
        },
      ),
    );
  });

  it('always calls it slow well past both bounds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.double({ min: 1.01, max: 10, noNaN: true }),
        (first, ratio) => {
          expect(judgeDeepPageLatency(first, first * ratio * 2 + minimumExtraMs + 1, ratio).isSlow).toBe(true);
        },
      ),
    );
  });
});
