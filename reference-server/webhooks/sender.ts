// Outbound webhooks: each event goes to every subscription as a signed POST. An attempt that is
// not answered 2xx within timeoutMs is aborted and retried after retryBaseMs, 2x, 4x, … with the
// same event id and the same body bytes, up to maxAttempts (convention 6.1 and 6.3).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import type { DefectName } from '../defects.js';
import type { RecordCollection, StoredSubscription } from '../store.js';
import type { TimerRegistry } from '../timer-registry.js';
import {
  buildDeliveryPayload,
  type DeliveryPayload,
  type OutgoingEvent,
  type SigningScheme,
} from './delivery-payload.js';

export interface SenderTimings {
  /** An attempt not answered 2xx within this is aborted and counts as failed. */
  readonly timeoutMs: number;
  /** Wait before the first retry; each later retry waits twice as long as the one before. */
  readonly retryBaseMs: number;
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
}

export const defaultSenderTimings: SenderTimings = { timeoutMs: 150, retryBaseMs: 50, maxAttempts: 5 };

export interface WebhookSenderOptions {
  readonly timings: SenderTimings;
  readonly defects: ReadonlySet<DefectName>;
  readonly timers: TimerRegistry;
  readonly subscriptions: RecordCollection<StoredSubscription>;
  /** How deliveries are signed (--sender-profile); default the convention's X-Signature. */
  readonly signing?: SigningScheme;
}

/** A fresh, unique event id. */
function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

export class WebhookSender {
  private readonly options: WebhookSenderOptions;
  private readonly agent: Agent;
  private readonly inFlight = new Set<AbortController>();

  constructor(options: WebhookSenderOptions) {
    this.options = options;
    // Under no-sender-timeout, undici's own time-outs are off too: the sender really waits.
    this.agent = options.defects.has('no-sender-timeout')
      ? new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 1000 })
      : new Agent({ keepAliveTimeout: 1000 });
  }

  /**
   * Starts delivering one event to every current subscription and returns at once with a promise
   * that settles when every first attempt has finished (retries go on in the background). The API
   * does not wait for it; only the delivery-blocks-response defect does.
   */
  emit(eventName: string, data: Readonly<Record<string, unknown>>): Promise<void> {
    if (this.options.timers.isClosed) return Promise.resolve();
    const { defects } = this.options;
    const id = defects.has('event-ids-reused') ? `evt_${String(data.id)}` : newEventId();
    const event: OutgoingEvent = { event: eventName, id, data };
    const firstAttempts = [...this.options.subscriptions.list()].map(
      (subscription) =>
        new Promise<void>((firstAttemptDone) => void this.deliver(subscription, event, firstAttemptDone)),
    );
    return Promise.all(firstAttempts).then(() => undefined);
  }

  /** Aborts every attempt in flight and closes the outbound connections. */
  async close(): Promise<void> {
    for (const controller of this.inFlight) controller.abort();
    await this.agent.destroy();
  }

  private async deliver(
    subscription: StoredSubscription,
    event: OutgoingEvent,
    firstAttemptDone: () => void,
  ): Promise<void> {
    const { defects, timers, timings } = this.options;
    const maxAttempts = defects.has('no-retry') ? 1 : Math.max(1, timings.maxAttempts);
    try {
      for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
        // A removed subscription gets no more retries; a closed server sends nothing more.
        if (timers.isClosed || !this.options.subscriptions.has(subscription.id)) return;
        const id = attempt > 1 && defects.has('retry-with-new-id') ? newEventId() : event.id;
        const built = buildDeliveryPayload(
          { ...event, id },
          subscription.secret,
          attempt,
          defects,
          this.options.signing,
        );
        const sign = this.options.signing?.sign;
        const payload =
          built.toSign === undefined || sign === undefined
            ? built
            : { ...built, headers: { ...built.headers, ...(await sign(subscription.secret, built.toSign)) } };
        const outcome = await this.attempt(subscription.url, payload);
        if (attempt === 1) firstAttemptDone();
        if (outcome !== 'retry') return;
        if (attempt < maxAttempts) await timers.delay(this.backoffMs(attempt));
      }
    } finally {
      firstAttemptDone();
    }
  }

  private backoffMs(failedAttempt: number): number {
    if (this.options.defects.has('retry-without-backoff')) return 0;
    return this.options.timings.retryBaseMs * 2 ** (failedAttempt - 1);
  }

  // 'retry' for every answer but a 2xx (undici's request follows no redirect, so a 3xx is one) and
  // for no answer at all (convention 7/2); the defects below take some of them as final or delivered.
  private async attempt(url: string, payload: DeliveryPayload): Promise<'delivered' | 'retry' | 'give-up'> {
    const { defects } = this.options;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const cancelTimeout = this.options.defects.has('no-sender-timeout')
      ? () => undefined
      : this.options.timers.schedule(() => controller.abort(), this.options.timings.timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers: payload.headers,
        body: payload.body,
        signal: controller.signal,
        dispatcher: this.agent,
      });
      const status = response.statusCode;
      const isSuccess = status >= 200 && status < (defects.has('redirect-taken-as-delivered') ? 400 : 300);
      // Read the answer so the connection can be reused; a receiver that hangs mid-body is cut
      // by the same time-out. The status alone decides success.
      await response.body.dump().catch(() => undefined);
      if (isSuccess) return 'delivered';
      return status >= 400 && status < 500 && defects.has('no-retry-on-4xx') ? 'give-up' : 'retry';
    } catch {
      // Aborted: the time-out (or close) fired. Anything else: the connection ended without an answer.
      const isConnectionLost = !controller.signal.aborted;
      return isConnectionLost && defects.has('no-retry-on-connection-reset') ? 'delivered' : 'retry';
    } finally {
      cancelTimeout();
      this.inFlight.delete(controller);
    }
  }
}
