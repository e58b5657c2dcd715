import { describe, expect, it } from 'vitest';
import { shrinkSequence } from './shrink-sequence.js';

describe('shrinkSequence', () => {
  it('keeps only the steps the failure needs, in order', async () => {
    const steps = ['create', 'read', 'list', 'put', 'read', 'patch', 'read', 'list', 'delete'];
    // Fails whenever a put is followed, later, by a patch.
    const fails = async (candidate: readonly string[]) =>
      candidate.includes('put') && candidate.indexOf('patch') > candidate.indexOf('put');
    const shrunk = await shrinkSequence(steps, fails, 100);
    expect(shrunk.items).toEqual(['put', 'patch']);
  });

  it('stops at its budget of runs with the shortest failing sequence found so far', async () => {
    const steps = Array.from({ length: 64 }, (_, index) => index);
    let runs = 0;
    const shrunk = await shrinkSequence(steps, async (candidate) => ((runs += 1), candidate.includes(63)), 5);
    expect(runs).toBe(5);
    expect(shrunk.runs).toBe(5);
    expect(shrunk.items).toContain(63);
    expect(shrunk.items.length).toBeLessThan(64);
  });
});
