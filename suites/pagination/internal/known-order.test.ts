import { describe, expect, it } from 'vitest';
import { describeKnownOrder, idsAt, isWholeOrder, positionsOf, wholeOrder, type KnownOrder } from './known-order.js';

const long: KnownOrder = {
  length: 1000,
  runs: [
    { start: 995, ids: ['t0', 't1', 't2', 't3', 't4'] },
    { start: 0, ids: ['h0', 'h1', 'h2'] },
  ],
};

describe('a known order', () => {
  it('gives the ids of a stretch only where one run holds all of it', () => {
    expect(idsAt(long, 1, 2)).toEqual(['h1', 'h2']);
    expect(idsAt(long, 996, 10)).toEqual(['t1', 't2', 't3', 't4']);
    expect(idsAt(long, 2, 2)).toBeUndefined();
    expect(idsAt(long, 500, 5)).toBeUndefined();
    expect(idsAt(long, 1000, 5)).toEqual([]);
    expect(idsAt(wholeOrder(['a', 'b', 'c']), 1, 5)).toEqual(['b', 'c']);
  });

  it('knows where the ids it read stand, and whether it read the whole list', () => {
    expect([...positionsOf(long, new Set(['h2', 't4', 'elsewhere']))]).toEqual([
      ['t4', 999],
      ['h2', 2],
    ]);
    expect(isWholeOrder(long)).toBe(false);
    expect(isWholeOrder(wholeOrder(['a']))).toBe(true);
    expect(describeKnownOrder(long)).toBe('positions 0–2 and 995–999 of 1,000');
  });
});
