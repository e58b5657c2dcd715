// Judges whether an API write waited for the webhook delivery it triggered. Durations only, so no
// clock is shared with the sink: a delivery about a record cannot arrive before the create of that
// record was sent, so a create that waited for its delivery to end took at least as long as the
// subscriber kept that delivery open, on top of its usual latency. Pure.

/** A create counts as held when it took at least this share of the delivery's open time beyond the baseline. */
export const HELD_SHARE = 0.6;

/** Nor unless it took at least this much beyond the baseline: a shorter wait is lost in latency and harms nobody. */
export const MIN_HELD_MS = 50;

/** One create made while the subscriber held the delivery it triggered. */
export interface HeldWriteSample {
  /** How long the create took. */
  readonly writeMs: number;
  /** Whether its delivery had reached the sink by the time the create's answer was read. */
  readonly isDeliveryFirst: boolean;
  /**
   * How long the delivery's attempt stayed open: the sink's hold, or until the sender gave up on it.
   * Undefined when the create answered before its delivery arrived, or (its delivery first) while
   * the sink still held it, no slower than with a prompt subscriber: it waited for none of the hold,
   * so the hold was not waited out.
   */
  readonly deliveryOpenMs?: number;
}

/** Whether the create waited for its delivery: the delivery came first and most of its open time shows in the create. */
export function isWriteHeld(sample: HeldWriteSample, baselineMs: number): boolean {
  const extraMs = sample.writeMs - baselineMs;
  return (
    sample.isDeliveryFirst &&
    sample.deliveryOpenMs !== undefined &&
    extraMs >= MIN_HELD_MS &&
    extraMs >= HELD_SHARE * sample.deliveryOpenMs
  );
}

/** "158 ms and 160 ms": each value, rounded, in order. */
function listMs(values: readonly number[]): string {
  return values.map((value) => `${Math.round(value)} ms`).join(' and ');
}

/** The timings of every sample against the baseline, as a phrase for a finding. */
export function describeTimings(samples: readonly HeldWriteSample[], baselineMs: number): string {
  const open = samples.flatMap((sample) => (sample.deliveryOpenMs === undefined ? [] : [sample.deliveryOpenMs]));
  // Only the last sample can have answered before its delivery arrived or during its hold: the first such one ends the samples.
  const last = samples.at(-1);
  const when =
    last?.isDeliveryFirst === true
      ? 'while the subscriber still held its delivery'
      : 'before its delivery reached the subscriber';
  const early = open.length < samples.length ? `${open.length > 0 ? ', the last' : ''} ${when}` : '';
  return (
    `answered in ${listMs(samples.map((sample) => sample.writeMs))}` +
    (open.length > 0 ? ` while the subscriber held the delivery ${listMs(open)}` : '') +
    `${early}, against ${Math.round(baselineMs)} ms with a prompt subscriber`
  );
}
