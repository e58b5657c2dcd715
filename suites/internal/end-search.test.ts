import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  measureLength,
  nextEndProbe,
  recordEndProbe,
  startEndSearch,
  startEndSearchNear,
  type EndSearch,
} from './end-search.js';

// Reads a list of `length` records as a clean server answers: items up to the end, has_more exact.
function findLength(
  length: number,
  pageSize: number,
  atLeast: number,
  start: EndSearch = startEndSearch(pageSize, atLeast),
  alignedTo = (offset: number) => offset,
): { length: number; reads: number } {
  let search = start;
  for (let reads = 0; reads < 200; reads += 1) {
    const next = nextEndProbe(search);
    if (next.kind === 'found') return { length: next.length, reads };
    const at = alignedTo(next.offset);
    const items = Math.max(0, Math.min(pageSize, length - at));
    search = recordEndProbe(search, at, items, at + items < length);
  }
  throw new Error('the search did not end');
}

describe('the search for the end of a list', () => {
  it('finds the exact length of any list longer than what it started from', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        (pageSize, extra, atLeast) => {
          const length = atLeast + extra;
          expect(findLength(length, pageSize, atLeast).length).toBe(length);
        },
      ),
    );
  });

  it('reads a number of pages that grows with the logarithm of the length, not the length', () => {
    const reads = [20_000, 1_000_000, 1_000_000_000].map((length) => findLength(length, 5, 1000).reads);
    expect(reads[0]).toBeLessThanOrEqual(20);
    expect(reads[1]).toBeLessThanOrEqual(30);
    expect(reads[2]).toBeLessThanOrEqual(50);
  });

  it('takes a short last page as the exact end, and an empty page as an upper bound', () => {
    const search = startEndSearch(5, 1000);
    expect(nextEndProbe(search)).toEqual({ kind: 'read', offset: 2000 });
    expect(nextEndProbe(recordEndProbe(search, 2000, 3, false))).toEqual({ kind: 'found', length: 2003 });
    const bounded = recordEndProbe(search, 2000, 0, false);
    expect(bounded).toMatchObject({ atLeast: 1000, atMost: 2000 });
    expect(nextEndProbe(bounded)).toEqual({ kind: 'read', offset: 1499 });
  });

  // By page number a read returns the page holding the offset asked for: the caller records it where
  // that page begins, and the search still ends on the exact length.
  it('finds the exact length when each read is recorded where its page begins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 500_000 }), (pageSize, length) => {
        let search = startEndSearch(pageSize, 0);
        for (let reads = 0; reads < 200; reads += 1) {
          const next = nextEndProbe(search);
          if (next.kind === 'found') return next.length === length;
          const at = Math.floor(next.offset / pageSize) * pageSize;
          const items = Math.max(0, Math.min(pageSize, length - at));
          search = recordEndProbe(search, at, items, at + items < length);
        }
        return false;
      }),
    );
  });

  it('from the length an earlier measuring found, finds any length, by offset or by page number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        (pageSize, length, near, byPage) => {
          const aligned = byPage ? (offset: number) => Math.floor(offset / pageSize) * pageSize : undefined;
          expect(findLength(length, pageSize, 0, startEndSearchNear(pageSize, 0, near), aligned).length).toBe(length);
        },
      ),
    );
  });

  it('from a nearby earlier length, reads a handful of pages, fewer than a search from scratch', () => {
    const near = (length: number, hint: number) => findLength(length, 5, 1000, startEndSearchNear(5, 1000, hint)).reads;
    expect(near(1_000_050, 1_000_000)).toBeLessThanOrEqual(8);
    expect(near(999_950, 1_000_000)).toBeLessThanOrEqual(8);
    expect(near(1_000_000, 1_000_000)).toBeLessThanOrEqual(6);
    expect(near(1_000_050, 1_000_000)).toBeLessThan(findLength(1_000_050, 5, 1000).reads / 2);
  });

  it('measureLength reads until the length is pinned, and gives up when a read cannot say or reads run out', async () => {
    const clean = (length: number) => async (offset: number) => {
      const items = Math.max(0, Math.min(5, length - offset));
      return { items, hasMore: offset + items < length };
    };
    expect(await measureLength(clean(20_003), startEndSearch(5, 1000), { maxReads: 80 })).toBe(20_003);
    expect(await measureLength(async () => undefined, startEndSearch(5, 1000), { maxReads: 80 })).toBeUndefined();
    expect(await measureLength(clean(20_003), startEndSearch(5, 1000), { maxReads: 3 })).toBeUndefined();
  });
});
