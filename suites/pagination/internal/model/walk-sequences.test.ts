import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedWalkSequences, pageSizeDomain, walkSequenceArbitrary, writeKinds } from './walk-sequences.js';

describe('the sequences of pagination.model-consistency', () => {
  it('draws page sizes at the boundaries around the walks’ own size, never above the largest allowed', () => {
    expect(pageSizeDomain(5, 10)).toEqual([1, 2, 4, 5, 6, 10]);
    expect(pageSizeDomain(1, 2)).toEqual([1, 2]);
    expect(pageSizeDomain(5, 5)).toEqual([1, 2, 4, 5]);
  });

  it('writes of every kind: a create, and a delete, PUT, PATCH and child of a record listed, not listed, and the anchor', () => {
    expect(writeKinds).toHaveLength(13);
    expect(writeKinds).toContain('change-anchor');
    expect(writeKinds).toContain('child-unseen');
  });

  it('gives the fixed sequences in the styles the list offers only', () => {
    for (const styles of [['cursor'], ['offset', 'page'], ['page']] as const) {
      for (const sequence of fixedWalkSequences(styles, 5))
        for (const plan of Object.values(sequence.walks)) expect(styles).toContain(plan.style);
    }
  });

  it('generates sequences within the list’s styles, the drawn sizes and the step bound (property)', () => {
    const sizes = pageSizeDomain(5, 10);
    fc.assert(
      fc.property(walkSequenceArbitrary(['offset', 'cursor'], sizes, 7), (sequence) => {
        expect(sequence.steps.length).toBeLessThanOrEqual(7);
        for (const plan of Object.values(sequence.walks)) {
          expect(['offset', 'cursor']).toContain(plan.style);
          expect(sizes).toContain(plan.pageSize);
        }
        for (const step of sequence.steps)
          if (step.kind === 'page' && step.pageSize !== undefined) expect(sizes).toContain(step.pageSize);
      }),
    );
  });
});
