// Reading what a delivery says, and whether it is about a given record. Pure.
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { asRecord } from '../../internal/answer-shape.js';

/** A delivery body as parsed; fields are as found, not yet judged. */
export interface DeliveryBody {
  /** The parsed body when it is a JSON object. */
  readonly object?: Readonly<Record<string, unknown>>;
  /** Why the body is not a JSON object. */
  readonly problem?: string;
}

// Deeper than this, a payload is not searched for the record id (a hostile body can nest deeply).
const maxSearchDepth = 8;

/** Parses the exact bytes of a delivery as a JSON object. */
export function readDeliveryBody(delivery: SinkDelivery): DeliveryBody {
  if (delivery.isBodyTruncated) return { problem: `the body is over the sink's limit (${delivery.bodyBytes} bytes)` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(delivery.body.toString('utf8'));
  } catch (error) {
    return { problem: `the body is not JSON (${error instanceof Error ? error.message.slice(0, 80) : 'parse error'})` };
  }
  const object = asRecord(parsed);
  return object === undefined ? { problem: 'the body is JSON but not an object' } : { object };
}

/** The event name a delivery carries, when it is a string. */
export function eventNameOf(delivery: SinkDelivery): string | undefined {
  const name = readDeliveryBody(delivery).object?.event;
  return typeof name === 'string' ? name : undefined;
}

/** Whether the delivery's `data` holds the record's id anywhere (a string or number equal to it). */
export function mentionsRecord(delivery: SinkDelivery, recordId: string | number): boolean {
  const data = readDeliveryBody(delivery).object?.data;
  return containsValue(data, String(recordId), 0);
}

/** The deliveries about `recordId` that arrived after delivery number `afterSequence`. */
export function deliveriesAbout(deliveries: readonly SinkDelivery[], recordId: string | number, afterSequence = 0): SinkDelivery[] {
  return deliveries.filter((delivery) => delivery.sequence > afterSequence && mentionsRecord(delivery, recordId));
}

function containsValue(value: unknown, wanted: string, depth: number): boolean {
  if (typeof value === 'string' || typeof value === 'number') return String(value) === wanted;
  if (depth >= maxSearchDepth || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => containsValue(item, wanted, depth + 1));
}
