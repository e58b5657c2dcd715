import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, deriveCheckSeed } from './seeded-random.js';

describe('seeded randomness', () => {
  it('replays the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const a = createRandom(seed);
        const b = createRandom(seed);
        for (let i = 0; i < 20; i += 1) expect(a()).toBe(b());
      }),
    );
  });

  it('stays within [0, 1)', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const next = createRandom(seed);
        for (let i = 0; i < 50; i += 1) {
          const value = next();
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
  });

  it('derives distinct non-negative check seeds from one run seed', () => {
    const a = deriveCheckSeed(42, 'pagination.cursor-walk');
    const b = deriveCheckSeed(42, 'pagination.stable-order');
    expect(a).not.toBe(b);
    expect(a).toBe(deriveCheckSeed(42, 'pagination.cursor-walk'));
    fc.assert(fc.property(fc.nat(), fc.string(), (seed, id) => deriveCheckSeed(seed, id) >= 0));
  });
});
