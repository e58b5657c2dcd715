import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from './iso-timestamp.js';

describe('toIsoTimestamp', () => {
  it('matches Date#toISOString for any millisecond from 1970 to 9999 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (epochMs) => {
        expect(toIsoTimestamp(epochMs)).toBe(new Date(epochMs).toISOString());
      }),
      { numRuns: 2_000 },
    );
  });

  it('stays right across a second boundary and back', () => {
    for (const epochMs of [1_700_000_000_999, 1_700_000_001_000, 1_700_000_001_007, 1_700_000_000_050]) {
      expect(toIsoTimestamp(epochMs)).toBe(new Date(epochMs).toISOString());
    }
  });
});
