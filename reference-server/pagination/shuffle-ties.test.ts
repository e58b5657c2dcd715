import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shuffleTies } from './shuffle-ties.js';
import { sortedViewArbitrary } from '../test-support/sort-key-arbitraries.js';

describe('shuffleTies', () => {
  it('keeps the items and the createdAt order, moving items only among equal timestamps', () => {
    fc.assert(
      fc.property(sortedViewArbitrary, fc.integer(), (view, seed) => {
        const random = fc.sample(fc.double({ min: 0, max: 0.999999, noNaN: true }), { seed, numRuns: view.length + 1 });
        let index = 0;
        const shuffled = shuffleTies(view, () => random[index++ % random.length]!);
        expect([...shuffled].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [...view].sort((a, b) => a.id.localeCompare(b.id)),
        );
        expect(shuffled.map((key) => key.createdAt)).toEqual(view.map((key) => key.createdAt));
      }),
    );
  });

  it('reorders ties when the random source says so', () => {
    const view = [0, 1, 2, 3].map((index) => ({ createdAt: '2024-01-01T00:00:00.000Z', id: `cus_${index}` }));
    expect(shuffleTies(view, () => 0).map((key) => key.id)).not.toEqual(view.map((key) => key.id));
  });
});
