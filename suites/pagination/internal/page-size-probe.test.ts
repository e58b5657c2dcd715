import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moreFixturesNeeded, nextBisection, observeBound } from './page-size-probe.js';

describe('observeBound', () => {
  it('tells a bounded page, a refusal, a page that holds everything and a broken answer apart', () => {
    const page = (hasMore: boolean) => ({
      ok: true as const,
      ids: ['a', 'b'],
      hasMore,
      nextCursor: { present: false as const },
    });
    expect(observeBound(200, page(true))).toEqual({ kind: 'bounded', size: 2 });
    expect(observeBound(200, page(false))).toEqual({ kind: 'all-fit', size: 2 });
    expect(observeBound(400, { ok: false, reason: 'answered 400', notAPage: false })).toEqual({
      kind: 'rejected',
      status: 400,
    });
    expect(observeBound(500, { ok: false, reason: 'answered 500', notAPage: false })).toEqual({
      kind: 'broken',
      reason: 'answered 500',
    });
  });
});

describe('moreFixturesNeeded', () => {
  it('steps to one past the common page sizes', () => {
    expect(moreFixturesNeeded(0, 0, 250)).toBe(26);
    expect(moreFixturesNeeded(26, 26, 250)).toBe(25);
    expect(moreFixturesNeeded(51, 51, 250)).toBe(50);
  });

  it('never lets the kit create more than the cap, and stops at it', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.integer({ min: 1, max: 600 }), (visible, cap) => {
        let created = 0;
        let shown = visible;
        for (let round = 0; round < 50; round += 1) {
          const more = moreFixturesNeeded(shown, created, cap);
          if (more === undefined) break;
          expect(more).toBeGreaterThan(0);
          created += more;
          shown += more;
        }
        expect(created).toBeLessThanOrEqual(cap);
        expect(moreFixturesNeeded(shown, created, cap) === undefined || created < cap).toBe(true);
      }),
    );
  });
});

describe('nextBisection', () => {
  it('finds the largest accepted size of any monotone bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (max) => {
        let accepted = 1;
        let refused = 1_000_000;
        for (let mid = nextBisection(accepted, refused); mid !== undefined; mid = nextBisection(accepted, refused)) {
          if (mid <= max) accepted = mid;
          else refused = mid;
        }
        expect(accepted).toBe(max);
      }),
    );
  });
});
