// Judges the intervals between delivery attempts of one event (convention 6/3: the sender retries,
// "often with backoff", for a limited time). The convention gives no schedule, so the rule here is
// the weakest that still catches a retry storm: intervals never shrink (beyond jitter), and no two
// in a row are a tight loop. One short first wait that then grows (30, 90, 270 ms) is a backoff. Pure.

/** Two intervals in a row shorter than this are a tight loop, not a backoff. */
export const TIGHT_LOOP_MS = 50;

/** An interval may be this fraction of the one before it and still count as "not shrinking" (jitter). */
export const SHRINK_TOLERANCE = 0.75;

/**
 * Nor does an interval shrink when it is shorter by less than this: arrival times carry the
 * sender's answer latency and both sides' scheduling, so a 30 then 90 ms backoff can arrive as
 * 202 then 94 ms on a loaded machine.
 */
export const SHRINK_JITTER_MS = 250;

export interface BackoffJudgement {
  /** Milliseconds between consecutive attempts. */
  readonly intervalsMs: readonly number[];
  /** The observed schedule, for an info finding. */
  readonly schedule: string;
  /** Set when the schedule breaks the rule. */
  readonly problem?: string;
}

/** Judges the arrival times (ms on one monotonic clock, in order) of the attempts of one event. */
export function judgeBackoff(arrivalsMs: readonly number[]): BackoffJudgement {
  const first = arrivalsMs[0] ?? 0;
  const intervalsMs = arrivalsMs.slice(1).map((at, index) => Math.round(at - arrivalsMs[index]!));
  const offsets = arrivalsMs.map((at) => Math.round(at - first));
  const schedule = `${arrivalsMs.length} attempt${arrivalsMs.length === 1 ? '' : 's'} at ${offsets.join(', ')} ms${intervalsMs.length > 0 ? ` (intervals ${intervalsMs.join(', ')} ms)` : ''}`;
  const tight = intervalsMs.findIndex(
    (interval, index) =>
      interval < TIGHT_LOOP_MS && (intervalsMs[index + 1] ?? Number.POSITIVE_INFINITY) < TIGHT_LOOP_MS,
  );
  if (tight >= 0) {
    return {
      intervalsMs,
      schedule,
      problem:
        `attempt ${tight + 2} came ${intervalsMs[tight]} ms after attempt ${tight + 1}, and attempt ${tight + 3} ${intervalsMs[tight + 1]} ms after that: ` +
        `a tight loop (under ${TIGHT_LOOP_MS} ms), not a backoff`,
    };
  }
  const shrink = intervalsMs.findIndex((interval, index) => {
    const before = intervalsMs[index - 1];
    return before !== undefined && interval < before * SHRINK_TOLERANCE && before - interval > SHRINK_JITTER_MS;
  });
  if (shrink >= 0) {
    return {
      intervalsMs,
      schedule,
      problem: `the wait before attempt ${shrink + 2} (${intervalsMs[shrink]} ms) is shorter than the one before it (${intervalsMs[shrink - 1]} ms): retries speed up instead of backing off`,
    };
  }
  return { intervalsMs, schedule };
}

/**
 * For each arrival, the earliest it would count as not shrinking the wait before it (undefined for
 * the first two, and where the rule accepts any wait): the wait before, less the larger of the two
 * tolerances above. What the report draws beside the observed schedule.
 */
export function earliestBackoffArrivalsMs(arrivalsMs: readonly number[]): (number | undefined)[] {
  return arrivalsMs.map((_, index) => {
    if (index < 2) return undefined;
    const before = arrivalsMs[index - 1]! - arrivalsMs[index - 2]!;
    const floor = Math.min(before * SHRINK_TOLERANCE, before - SHRINK_JITTER_MS);
    return floor > 0 ? arrivalsMs[index - 1]! + floor : undefined;
  });
}
