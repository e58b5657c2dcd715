import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeMutation,
  fixedMutationRuns,
  mutationsAfter,
  mutationsArbitrary,
  pickVictim,
  type Mutation,
  type WalkSoFar,
} from './mutation-commands.js';

const walk: WalkSoFar = { seen: ['a', 'b', 'c'], unseen: ['d', 'e'], anchor: 'c' };

describe('pickVictim', () => {
  it('deletes the anchor, a seen or an unseen record, and nothing for an insert', () => {
    expect(pickVictim({ afterPage: 0, kind: 'delete-anchor', pick: 9 }, walk)).toBe('c');
    expect(pickVictim({ afterPage: 0, kind: 'delete-seen', pick: 4 }, walk)).toBe('b');
    expect(pickVictim({ afterPage: 0, kind: 'delete-unseen', pick: 3 }, walk)).toBe('e');
    expect(pickVictim({ afterPage: 0, kind: 'insert', pick: 0 }, walk)).toBeUndefined();
  });

  it('never picks a record outside its own candidates, and has none to pick from an empty set', () => {
    fc.assert(
      fc.property(
        mutationsArbitrary(3),
        fc.uniqueArray(fc.string(), { maxLength: 5 }),
        fc.uniqueArray(fc.string(), { maxLength: 5 }),
        (mutations, seen, unseen) => {
          const state: WalkSoFar = { seen, unseen, anchor: seen.at(-1) };
          for (const mutation of mutations) {
            const victim = pickVictim(mutation, state);
            if (mutation.kind === 'delete-seen')
              expect(victim === undefined ? seen.length === 0 : seen.includes(victim)).toBe(true);
            if (mutation.kind === 'delete-unseen')
              expect(victim === undefined ? unseen.length === 0 : unseen.includes(victim)).toBe(true);
            if (mutation.kind === 'delete-anchor') expect(victim).toBe(seen.at(-1));
          }
        },
      ),
    );
  });
});

describe('mutationsArbitrary', () => {
  it('stays within the gaps between pages and the length asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.nat(), (gaps, maxLength, seed) => {
        const [sample] = fc.sample(mutationsArbitrary(gaps, maxLength), { seed, numRuns: 1 });
        expect(sample!.length).toBeLessThanOrEqual(maxLength);
        for (const m of sample!) expect(m.afterPage).toBeLessThan(gaps);
      }),
    );
  });

  it('shrinks a failing sequence to the one command that matters', () => {
    const details = fc.check(
      fc.property(mutationsArbitrary(3, 6), (mutations) => !mutations.some((m) => m.kind === 'delete-anchor')),
      { seed: 7 },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexample?.[0]).toEqual([{ afterPage: 0, kind: 'delete-anchor', pick: 0 }]);
  });
});

describe('the rest', () => {
  it('selects the commands of one gap, in order, and words them', () => {
    const mutations: Mutation[] = [
      { afterPage: 1, kind: 'insert', pick: 0 },
      { afterPage: 0, kind: 'delete-anchor', pick: 0 },
      { afterPage: 1, kind: 'delete-seen', pick: 2 },
    ];
    expect(mutationsAfter(mutations, 1).map((m) => m.kind)).toEqual(['insert', 'delete-seen']);
    expect(describeMutation(mutations[1]!)).toBe('after page 1: delete the anchor (the record next_cursor points at)');
  });
});

describe('fixedMutationRuns', () => {
  it('tries no writes, the anchor deleted, a seen and an unseen record deleted with one inserted, and a seen record replaced, each within the generated bounds', () => {
    expect(fixedMutationRuns.map((run) => run.map((mutation) => mutation.kind))).toEqual([
      [],
      ['delete-anchor'],
      ['delete-seen', 'delete-unseen', 'insert'],
      ['replace-seen'],
    ]);
    // Shrinking starts from them too, so each must be a value the arbitrary could give (3 gaps, up to 4 writes).
    for (const run of fixedMutationRuns) {
      expect(run.length).toBeLessThanOrEqual(4);
      for (const mutation of run) expect(mutation.afterPage).toBeLessThan(3);
    }
  });
});
