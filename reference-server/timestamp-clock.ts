// createdAt/updatedAt values. Never decreasing, even if the wall clock steps back, so a record
// created later never sorts before an earlier one.

/** Returns ISO-8601 timestamps from `now`, at millisecond or (for a defect) whole-second precision. */
export function createTimestampClock(now: () => number, precision: 'millisecond' | 'second'): () => string {
  let latest = 0;
  return () => {
    const raw = precision === 'second' ? Math.floor(now() / 1000) * 1000 : Math.floor(now());
    latest = Math.max(latest, raw);
    return new Date(latest).toISOString();
  };
}
