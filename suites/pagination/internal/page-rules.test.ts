import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findMissingIds,
  findRestart,
  findRepeatedIds,
  firstDifference,
  isPageAllRepeats,
  keepOnly,
  largestDivisorUpTo,
  listBriefly,
  judgeWalkedIds,
  isWalkExact,
  describeWalkProblems,
  findEmptyPageAfterMore,
  isShiftOf,
} from './page-rules.js';

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');

describe('findRepeatedIds', () => {
  it('names each id listed twice once, ignoring ids outside the judged set', () => {
    expect(findRepeatedIds(['a', 'b', 'a', 'c', 'a', 'b'])).toEqual(['a', 'b']);
    expect(findRepeatedIds(['a', 'x', 'x', 'a'], new Set(['a']))).toEqual(['a']);
  });

  it('finds nothing exactly when the ids are distinct', () => {
    fc.assert(
      fc.property(fc.array(id), (ids) => {
        expect(findRepeatedIds(ids).length === 0).toBe(new Set(ids).size === ids.length);
      }),
    );
  });

  it('finds a repeat in any list where one id was listed again', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1 }), fc.nat(), fc.nat(), (ids, pick, at) => {
        const repeated = ids[pick % ids.length]!;
        const walk = [...ids];
        walk.splice(at % (walk.length + 1), 0, repeated);
        expect(findRepeatedIds(walk)).toEqual([repeated]);
      }),
    );
  });
});

describe('findMissingIds', () => {
  it('returns the expected ids not listed, in expected order', () => {
    expect(findMissingIds(['a', 'b', 'c'], ['c', 'x', 'a'])).toEqual(['b']);
  });

  it('is empty whenever every expected id is listed, whatever else is', () => {
    fc.assert(
      fc.property(fc.array(id), fc.array(id), (expected, others) => {
        expect(findMissingIds(expected, [...others, ...expected].reverse())).toEqual([]);
      }),
    );
  });
});

describe('the other rules', () => {
  it('sees a page made only of repeats, never an empty one', () => {
    expect(isPageAllRepeats(['a', 'b'], new Set(['a', 'b', 'c']))).toBe(true);
    expect(isPageAllRepeats(['a', 'd'], new Set(['a']))).toBe(false);
    expect(isPageAllRepeats([], new Set(['a']))).toBe(false);
  });

  it('keeps only the judged ids, in order', () => {
    expect(keepOnly(['x', 'a', 'y', 'b'], new Set(['b', 'a']))).toEqual(['a', 'b']);
  });

  it('finds where two sequences part', () => {
    expect(firstDifference(['a', 'b'], ['a', 'b'])).toBe(-1);
    expect(firstDifference(['a', 'b'], ['a', 'c'])).toBe(1);
    expect(firstDifference(['a'], ['a', 'b'])).toBe(1);
  });

  it('picks a page size that divides the total, at most the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 50 }), (total, limit) => {
        const size = largestDivisorUpTo(total, limit);
        expect(total % size).toBe(0);
        expect(size).toBeLessThanOrEqual(Math.max(1, limit));
        for (let bigger = size + 1; bigger <= Math.min(total, limit); bigger += 1) expect(total % bigger).not.toBe(0);
      }),
    );
  });

  it('lists a few ids and counts the rest', () => {
    expect(listBriefly(['a', 'b'])).toBe('a, b');
    expect(listBriefly(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more');
  });
});

describe('judgeWalkedIds', () => {
  it('holds only judged repeats and expected gaps against the walk', () => {
    const problems = judgeWalkedIds(['x', 'a', 'x', 'b', 'a'], ['a', 'b', 'c'], new Set(['a', 'b', 'c']));
    expect(problems).toEqual({ repeated: ['a'], missing: ['c'] });
    expect(isWalkExact(problems)).toBe(false);
    expect(describeWalkProblems(problems)).toBe('listed a twice and never listed c');
  });

  it('calls a walk exact when each expected id is listed once, whatever others do', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id), fc.array(fc.constantFrom('x', 'y')), (own, foreign) => {
        const walked = [...foreign, ...own, ...foreign];
        const problems = judgeWalkedIds(walked, own, new Set(own));
        expect(isWalkExact(problems)).toBe(true);
        expect(describeWalkProblems(problems)).toBe('listed every record exactly once');
      }),
    );
  });
});

describe('findEmptyPageAfterMore', () => {
  it('points at an empty page that follows a page asking for more', () => {
    expect(findEmptyPageAfterMore([5, 5, 0])).toBe(2);
    expect(findEmptyPageAfterMore([0])).toBe(-1);
    expect(findEmptyPageAfterMore([5, 5, 1])).toBe(-1);
  });
});

describe('findRestart', () => {
  const head = ['a', 'b', 'c', 'd', 'e'];

  it('finds a page that begins as the list did: a walk gone back to the start', () => {
    expect(findRestart(head, ['a', 'b', 'c', 'd', 'e'])).toBe('a');
    expect(findRestart(head, ['a', 'b'])).toBe('a');
    expect(findRestart(['a'], ['a', 'x'])).toBe('a');
  });

  it('never takes one record of the head moved elsewhere for a restart', () => {
    expect(findRestart(head, ['x', 'a', 'y'])).toBeUndefined();
    expect(findRestart(head, ['a', 'x', 'y'])).toBeUndefined();
    expect(findRestart(head, ['a'])).toBeUndefined();
    expect(findRestart(undefined, ['a', 'b'])).toBeUndefined();
    expect(findRestart([], ['a', 'b'])).toBeUndefined();
  });
});

describe('isShiftOf', () => {
  it('takes a page moved on or back by records written ahead of it for a shift, and reordered records for none', () => {
    expect(isShiftOf(['a', 'b', 'c', 'd'], ['x', 'a', 'b', 'c'])).toBe(true);
    expect(isShiftOf(['a', 'b', 'c', 'd'], ['c', 'd', 'e', 'f'])).toBe(true);
    expect(isShiftOf(['a', 'b', 'c'], ['b', 'c'])).toBe(true);
    expect(isShiftOf(['a', 'b', 'c', 'd'], ['a', 'c', 'b', 'd'])).toBe(false);
    expect(isShiftOf(['a', 'b', 'c', 'd'], ['b', 'a', 'c', 'd'])).toBe(false);
    expect(isShiftOf(['a', 'b'], ['c', 'd'])).toBe(false);
  });
});
