import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeTimings, HELD_SHARE, isWriteHeld, MIN_HELD_MS } from './write-hold.js';

describe('isWriteHeld', () => {
  it("holds a create that took about the delivery's open time beyond the baseline", () => {
    expect(isWriteHeld({ writeMs: 158, isDeliveryFirst: true, deliveryOpenMs: 150 }, 4)).toBe(true);
    // A sender that gave up early held the create only that long: still held, if long enough to matter.
    expect(isWriteHeld({ writeMs: 70, isDeliveryFirst: true, deliveryOpenMs: 60 }, 3)).toBe(true);
  });

  it('does not hold a create that answered promptly, or before its delivery arrived', () => {
    expect(isWriteHeld({ writeMs: 5, isDeliveryFirst: true, deliveryOpenMs: 150 }, 4)).toBe(false);
    expect(isWriteHeld({ writeMs: 500, isDeliveryFirst: false, deliveryOpenMs: 150 }, 4)).toBe(false);
    // Slow, but no slower than with a prompt subscriber.
    expect(isWriteHeld({ writeMs: 400, isDeliveryFirst: true, deliveryOpenMs: 150 }, 380)).toBe(false);
    // A delivery open a few milliseconds cannot be told from latency.
    expect(isWriteHeld({ writeMs: 30, isDeliveryFirst: true, deliveryOpenMs: 20 }, 2)).toBe(false);
  });

  it('holds exactly when the extra time reaches both the share of the open time and the floor', () => {
    fc.assert(
      fc.property(
        fc.nat(5000),
        fc.nat(5000),
        fc.nat(5000),
        fc.boolean(),
        (baselineMs, extraMs, deliveryOpenMs, isDeliveryFirst) => {
          const held = isWriteHeld({ writeMs: baselineMs + extraMs, isDeliveryFirst, deliveryOpenMs }, baselineMs);
          expect(held).toBe(isDeliveryFirst && extraMs >= MIN_HELD_MS && extraMs >= HELD_SHARE * deliveryOpenMs);
        },
      ),
    );
  });
});

describe('describeTimings', () => {
  it('lists each create and each hold against the baseline, rounded', () => {
    const samples = [
      { writeMs: 158.4, isDeliveryFirst: true, deliveryOpenMs: 150.2 },
      { writeMs: 160.6, isDeliveryFirst: true, deliveryOpenMs: 151 },
    ];
    expect(describeTimings(samples, 3.7)).toBe(
      'answered in 158 ms and 161 ms while the subscriber held the delivery 150 ms and 151 ms, against 4 ms with a prompt subscriber',
    );
    expect(describeTimings(samples.slice(0, 1), 3.7)).toBe(
      'answered in 158 ms while the subscriber held the delivery 150 ms, against 4 ms with a prompt subscriber',
    );
  });

  it('says when a create answered before its delivery arrived, so the hold was not waited out', () => {
    const early = { writeMs: 4.2, isDeliveryFirst: false };
    expect(describeTimings([early], 3.7)).toBe(
      'answered in 4 ms before its delivery reached the subscriber, against 4 ms with a prompt subscriber',
    );
    expect(describeTimings([{ writeMs: 158.4, isDeliveryFirst: true, deliveryOpenMs: 150.2 }, early], 3.7)).toBe(
      'answered in 158 ms and 4 ms while the subscriber held the delivery 150 ms, the last before its delivery reached the subscriber, against 4 ms with a prompt subscriber',
    );
    expect(isWriteHeld(early, 0)).toBe(false);
  });

  it('says when a create answered while the subscriber still held its delivery, so the hold was not waited out', () => {
    const duringHold = { writeMs: 4.2, isDeliveryFirst: true };
    expect(describeTimings([duringHold], 3.7)).toBe(
      'answered in 4 ms while the subscriber still held its delivery, against 4 ms with a prompt subscriber',
    );
    expect(describeTimings([{ writeMs: 158.4, isDeliveryFirst: true, deliveryOpenMs: 150.2 }, duringHold], 3.7)).toBe(
      'answered in 158 ms and 4 ms while the subscriber held the delivery 150 ms, the last while the subscriber still held its delivery, against 4 ms with a prompt subscriber',
    );
    expect(isWriteHeld(duringHold, 0)).toBe(false);
  });
});
