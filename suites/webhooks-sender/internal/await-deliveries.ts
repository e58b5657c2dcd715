// Bounded waits for deliveries about one record: never longer than the configured retry window,
// and cut short when the check's budget runs out.
import type { CheckContext, SinkChannel, SinkDelivery } from '../../../harness/check-api/check-context.js';
import { deliveriesAbout, eventNameOf } from './delivery-body.js';

export interface AwaitOptions {
  /** Only deliveries that arrived after this one count; default 0 (all). */
  readonly afterSequence?: number;
  /** How many to wait for; default 1. */
  readonly count?: number;
  /** Default webhooks.sender.retryWindowMs. */
  readonly timeoutMs?: number;
  /**
   * Count only deliveries of the first one's event kind: attempts of one event, not a second event
   * about the same record (a create that also emits "activated" is no retry).
   */
  readonly sameEventAsFirst?: boolean;
  /** Deliveries byte-identical to one of these are redeliveries (at-least-once, 6/1): not counted. */
  readonly unlike?: readonly SinkDelivery[];
}

/** Waits until `count` deliveries about the record have arrived, or the time is up; returns those that did. */
export async function awaitDeliveriesAbout(
  ctx: CheckContext,
  channel: SinkChannel,
  recordId: string | number,
  options: AwaitOptions = {},
): Promise<SinkDelivery[]> {
  const count = options.count ?? 1;
  const afterSequence = options.afterSequence ?? 0;
  const timeoutMs = options.timeoutMs ?? ctx.config.webhooks.sender?.retryWindowMs ?? 0;
  ctx.progress(`waiting up to ${timeoutMs} ms for ${count === 1 ? 'a delivery' : `${count} deliveries`}`);
  const pick = (deliveries: readonly SinkDelivery[]): SinkDelivery[] => {
    const unlike = options.unlike ?? [];
    const about = deliveriesAbout(deliveries, recordId, afterSequence).filter((delivery) => !unlike.some((seen) => seen.body.equals(delivery.body)));
    if (options.sameEventAsFirst !== true || about.length === 0) return about;
    const kind = eventNameOf(about[0]!);
    return about.filter((delivery) => eventNameOf(delivery) === kind);
  };
  await channel.waitFor((deliveries) => pick(deliveries).length >= count, timeoutMs, ctx.signal);
  return pick(channel.deliveries()).slice(0, count);
}

/** The sequence number of the newest delivery so far (0 when none): the mark "after now". */
export function lastSequence(channel: SinkChannel): number {
  return channel.deliveries().at(-1)?.sequence ?? 0;
}

/** "no delivery about record X within N ms", plus what did arrive, for a failure message. */
export function describeMissing(channel: SinkChannel, recordId: string | number, timeoutMs: number, afterSequence = 0): string {
  const others = channel.deliveries().filter((delivery) => delivery.sequence > afterSequence).length;
  const arrived = others === 0 ? 'nothing arrived' : `${others} ${others === 1 ? 'delivery' : 'deliveries'} arrived, none with ${JSON.stringify(String(recordId))} in its data`;
  return `no delivery about record ${String(recordId)} within ${timeoutMs} ms (${arrived})`;
}
