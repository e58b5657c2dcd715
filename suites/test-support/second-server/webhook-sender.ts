// The sender role (convention 4.3, 5/3, 6): each event goes to every subscription as a POST of
// {event, id, data} signed X-Signature: sha256=<HMAC of the raw body> in the mode's encoding, or, in
// the Standard Webhooks scheme, signed by the standardwebhooks library afresh on every attempt (its
// own timestamp, the event id in webhook-id). An attempt not answered 2xx within the time-out is cut
// and retried with the same id and the same bytes after waits that triple. Every attempt and wait
// ends when close() runs.
import { createHmac, randomUUID } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { senderTimings, type DigestEncoding, type SenderScheme } from './second-server-options.js';
import type { TimerRegistry } from '../../../reference-server/timer-registry.js';

export interface Subscription {
  readonly id: number;
  readonly url: string;
  readonly secret: string;
}

export class WebhookSender {
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly inFlight = new Set<ClientRequest>();
  private nextSubscriptionId = 1;

  constructor(
    private readonly timers: TimerRegistry,
    private readonly digest: DigestEncoding,
    private readonly scheme: SenderScheme = 'x-signature',
    private readonly isUpperCaseHex = false,
    private readonly timeoutMs: number = senderTimings.timeoutMs,
  ) {}

  subscribe(url: string, secret: string): Subscription {
    const subscription = { id: this.nextSubscriptionId, url, secret };
    this.nextSubscriptionId += 1;
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Removes a subscription; its pending retries stop before their next attempt. */
  unsubscribe(id: number): boolean {
    return this.subscriptions.delete(id);
  }

  /** Starts delivering one event to every subscription; never waits for the subscribers. */
  emit(event: string, data: Readonly<Record<string, unknown>>): void {
    // The body is serialized once, so every retry sends the same bytes (convention 6/1).
    const id = randomUUID();
    const body = Buffer.from(JSON.stringify({ event, id, data }), 'utf8');
    for (const subscription of this.subscriptions.values()) void this.deliver(subscription, id, body);
  }

  /** Cuts every attempt in flight; pending waits are released by the timer set's close. */
  close(): void {
    for (const attempt of this.inFlight) attempt.destroy();
    this.inFlight.clear();
  }

  private signatureHeaders(subscription: Subscription, id: string, body: Buffer): Record<string, string> {
    if (this.scheme === 'x-signature') {
      const digest = createHmac('sha256', subscription.secret).update(body).digest(this.digest);
      return {
        'x-signature': `sha256=${this.isUpperCaseHex && this.digest === 'hex' ? digest.toUpperCase() : digest}`,
      };
    }
    const now = new Date();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(subscription.secret).sign(id, now, body.toString('utf8')),
    };
  }

  private async deliver(subscription: Subscription, id: string, body: Buffer): Promise<void> {
    let waitMs = senderTimings.firstBackoffMs;
    for (let attempt = 1; attempt <= senderTimings.maxAttempts; attempt += 1) {
      if (this.timers.isClosed || !this.subscriptions.has(subscription.id)) return;
      if (await this.attempt(subscription.url, body, this.signatureHeaders(subscription, id, body))) return;
      await this.timers.delay(waitMs);
      waitMs *= senderTimings.backoffFactor;
    }
  }

  private attempt(url: string, body: Buffer, signature: Readonly<Record<string, string>>): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const finish = (isDelivered: boolean): void => {
        if (settled) return;
        settled = true;
        cancelTimeout();
        this.inFlight.delete(outgoing);
        resolve(isDelivered);
      };
      // agent: false: one connection per attempt, so nothing is left open when the server closes.
      const outgoing = request(url, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': body.length, ...signature },
      });
      const cancelTimeout = this.timers.schedule(() => {
        outgoing.destroy();
        finish(false);
      }, this.timeoutMs);
      this.inFlight.add(outgoing);
      let hasResponse = false;
      outgoing.on('response', (response) => {
        hasResponse = true;
        const isSuccess = response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300;
        response.resume();
        response.on('end', () => finish(isSuccess));
        response.on('error', () => finish(false));
        response.on('close', () => finish(false));
      });
      outgoing.on('error', () => finish(false));
      // A connection closed before any answer is a failed attempt; after one, the answer decides.
      outgoing.on('close', () => {
        if (!hasResponse) finish(false);
      });
      outgoing.end(body);
    });
  }
}
