import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { burstSizes, deliverySequenceArbitrary, fixedDeliverySequences, pauses } from './delivery-sequences.js';

describe('the delivery sequences of webhooks-receiver.model-consistency', () => {
  it('fixes one sequence per way a receiver is known to break where deliveries meet', () => {
    const fixed = fixedDeliverySequences(6);
    expect(fixed).toHaveLength(4);
    // A burst bigger than a small dedupe memory between an event and its repeat.
    expect(fixed[0]).toContainEqual({ kind: 'burst', count: 60 });
    // A forged delivery, then the genuine one of the same event.
    expect(fixed[1]!.slice(0, 2)).toEqual([
      { kind: 'forged', forgery: 6, known: false, pick: 0 },
      { kind: 'genuine', pick: 0 },
    ]);
    // A repeat after a pause longer than a dedupe memory of a second.
    expect(fixed[3]).toContainEqual({ kind: 'pause', ms: 1500 });
  });

  it('generates steps within the domain and the step bound (property)', () => {
    fc.assert(
      fc.property(deliverySequenceArbitrary(7), (steps) => {
        expect(steps.length).toBeLessThanOrEqual(7);
        for (const step of steps) {
          if (step.kind === 'pause') expect(pauses).toContain(step.ms);
          if (step.kind === 'burst') expect(burstSizes).toContain(step.count);
        }
      }),
    );
  });
});
