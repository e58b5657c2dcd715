// Reading what a delivery says, and whether it is about a given record. Pure.
import { parseExactJson } from '../../../harness/model/exact-json.js';
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { asRecord } from '../../internal/answer-shape.js';

/** A delivery body as parsed; fields are as found, not yet judged. */
export interface DeliveryBody {
  /** The parsed body when it is a JSON object. */
  readonly object?: Readonly<Record<string, unknown>>;
  /** Why the body is not a JSON object. */
  readonly problem?: string;
}

/** Parses the exact bytes of a delivery as a JSON object, for judging it (the sink read its id and data on arrival). */
export function readDeliveryBody(delivery: SinkDelivery): DeliveryBody {
  if (delivery.isBodyTruncated) return { problem: `the body is over the sink's limit (${delivery.bodyBytes} bytes)` };
  if (delivery.isBodyDropped) return { problem: describeDroppedBody(delivery) };
  let parsed: unknown;
  try {
    parsed = parseExactJson(delivery.body.toString('utf8')).json;
  } catch (error) {
    return { problem: `the body is not JSON (${error instanceof Error ? error.message.slice(0, 80) : 'parse error'})` };
  }
  const object = asRecord(parsed);
  return object === undefined ? { problem: 'the body is JSON but not an object' } : { object };
}

/**
 * Why a delivery cannot be judged by its bytes: the sink dropped its body (and all but two headers)
 * once the channel held its cap. A reason for ctx.incomplete.
 */
export function describeDroppedBody(delivery: SinkDelivery): string {
  return `the sink dropped the body of delivery ${delivery.sequence} (${delivery.bodyBytes} bytes) because earlier deliveries filled its byte cap, so it cannot be judged; raise webhooks.sender.sink.maxBytesKeptPerChannel (and maxBytesKept), or find out why the target sends so much`;
}

/** The event name a delivery carries, when it is a string (read by the sink on arrival). */
export function eventNameOf(delivery: SinkDelivery): string | undefined {
  return delivery.eventName;
}

/** Whether the delivery's `data` holds the record's id (a string or number equal to it; see SinkDelivery.dataValues). */
export function mentionsRecord(delivery: SinkDelivery, recordId: string | number): boolean {
  return delivery.dataValues.has(String(recordId));
}

/**
 * How `delivery` may repeat `earlier` (at-least-once, 6/1): `same-bytes` is a redelivery for sure;
 * `same-event-and-data`, the same event name about the same data under another id, is a retry from
 * a sender that gives each retry a new id, or a new event that shares both (a delete under a
 * sender's single event name for every change, carrying the record as the update left it); undefined
 * is a new event. (Not the same id alone: a sender that reuses ids across events is for
 * webhooks-sender.unique-event-ids to find, so those must still count as new events.)
 */
export function repetitionOf(
  delivery: SinkDelivery,
  earlier: SinkDelivery,
): 'same-bytes' | 'same-event-and-data' | undefined {
  if (delivery.bodyDigest === earlier.bodyDigest) return 'same-bytes';
  const { eventName, dataValues } = delivery;
  const isSameEventAndData =
    eventName !== undefined &&
    eventName === earlier.eventName &&
    dataValues.size > 0 &&
    dataValues.size === earlier.dataValues.size &&
    [...dataValues].every((value) => earlier.dataValues.has(value));
  return isSameEventAndData ? 'same-event-and-data' : undefined;
}

/** The deliveries about `recordId` that arrived after delivery number `afterSequence`. */
export function deliveriesAbout(
  deliveries: readonly SinkDelivery[],
  recordId: string | number,
  afterSequence = 0,
): SinkDelivery[] {
  return deliveries.filter((delivery) => delivery.sequence > afterSequence && mentionsRecord(delivery, recordId));
}
