// Evidence for a sender check: the kit's own requests and the target's deliveries, interleaved in
// the order they happened, so a reader sees "create, then delivery, then retry". Pure.
import type { ExchangeRecord } from '../../../harness/check-api/check-context.js';

/** Outbound and inbound exchanges merged by start time (ties keep outbound first). */
export function mergeEvidence(
  outbound: readonly ExchangeRecord[],
  inbound: readonly ExchangeRecord[],
): ExchangeRecord[] {
  // ISO 8601 timestamps in UTC sort as text; the sort is stable, so equal times keep their order.
  return [...outbound, ...inbound].sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
}
