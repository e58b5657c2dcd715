// The receiver role (convention 4.3, 5/4, 6): verifies X-Signature over the raw bytes (a hex or a
// base64 digest, since the encoding is not shown), answers 202 at once and processes afterwards
// (convention 4.3), deduplicating by event id (6/1) and taking an update before its create (6/2).
// An event object lacking event, id or data is refused with 400 or, in accept mode, acknowledged
// and dropped unprocessed: what a receiver does with one is not shown.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Problem } from './http-exchange.js';
import type { IncompleteEventAnswer } from './second-server-options.js';
import type { TimerRegistry } from '../../../reference-server/timer-registry.js';

/** Delay between the acknowledgement and the processing, to prove the kit waits for it. */
const processingDelayMs = 20;

export interface EventStats {
  readonly id: string;
  readonly stats: { readonly received: number; readonly processed: number };
}

export class WebhookReceiver {
  private readonly received = new Map<string, number>();
  private readonly processed = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly timers: TimerRegistry,
    private readonly incompleteEvent: IncompleteEventAnswer,
  ) {}

  /** Takes one delivery; throws a Problem when it is refused. */
  accept(raw: Buffer, signatureHeader: string | undefined): void {
    if (!this.isSignedBySecret(raw, signatureHeader))
      throw new Problem(401, 'Unauthorized', 'X-Signature does not verify over the body');
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new Problem(400, 'Bad Request', 'the delivery is not valid JSON');
    }
    if (!isJsonObject(value)) throw new Problem(400, 'Bad Request', 'a delivery is a JSON object');
    const event = asEvent(value);
    if (event === undefined) {
      if (this.incompleteEvent === 'accept') return;
      throw new Problem(400, 'Bad Request', 'a delivery needs event, id (strings) and data (an object)');
    }
    this.received.set(event.id, (this.received.get(event.id) ?? 0) + 1);
    // Processing is deferred, so a duplicate arriving before it runs must also be caught: the
    // check is made when it runs, not when the delivery arrives.
    this.timers.schedule(() => this.process(event.id), processingDelayMs);
  }

  /** What the receiver did with an event, or undefined when it never arrived. */
  statsOf(eventId: string): EventStats | undefined {
    const received = this.received.get(eventId);
    if (received === undefined) return undefined;
    return { id: eventId, stats: { received, processed: this.processed.get(eventId) ?? 0 } };
  }

  // Processing never looks for the record's create event, so an update that comes first is
  // processed like any other (convention 6/2).
  private process(eventId: string): void {
    if ((this.processed.get(eventId) ?? 0) > 0) return;
    this.processed.set(eventId, 1);
  }

  private isSignedBySecret(raw: Buffer, header: string | undefined): boolean {
    if (header === undefined || !header.startsWith('sha256=')) return false;
    const given = header.slice('sha256='.length);
    const digest = createHmac('sha256', this.secret).update(raw).digest();
    return [digest.toString('hex'), digest.toString('base64')].some((expected) => isSameText(given, expected));
  }
}

function isSameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asEvent(
  value: Readonly<Record<string, unknown>>,
): { id: string; event: string; data: Readonly<Record<string, unknown>> } | undefined {
  const { event, id, data } = value;
  if (typeof event !== 'string' || event.length === 0 || typeof id !== 'string' || id.length === 0) return undefined;
  if (!isJsonObject(data)) return undefined;
  return { id, event, data };
}
