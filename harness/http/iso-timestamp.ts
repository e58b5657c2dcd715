// Every exchange records when it started. Date#toISOString costs more than the rest of a record's
// bookkeeping, and requests of a walk share the same second, so the second's text is reused.

let cachedSecond = Number.NaN;
let cachedPrefix = '';

/** The same text as `new Date(epochMs).toISOString()` for an integer epochMs (years 1970-9999). */
export function toIsoTimestamp(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    // "2025-01-31T12:34:56." — everything but the milliseconds and the Z.
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millis = epochMs - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
