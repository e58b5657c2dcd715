// The capturing webhook sink's public shape. The implementation (webhook-sink.ts) treats every
// caller as untrusted: bodies are capped, connections are capped, and every wait is bounded.
import type { SinkConfig } from '../config/config-types.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { AnswerScript } from './answer-script.js';

export type { AnswerScript } from './answer-script.js';

/** How the sink ended one delivery; `afterMs` counts from the arrival of the request. */
export type DeliveryAnswer =
  | { readonly state: 'pending' }
  /** The sink answered with this status. `late` when it first held the answer on purpose. */
  | { readonly state: 'answered'; readonly status: number; readonly afterMs: number; readonly late: boolean }
  /** The caller closed the connection before the sink answered: the sender gave up (timed out). */
  | { readonly state: 'sender-closed'; readonly afterMs: number }
  /** The sink cut the connection without answering, as the script asked (or because it closed). */
  | { readonly state: 'destroyed'; readonly afterMs: number };

/** One request that reached a channel, as captured. A snapshot: later changes make new objects. */
export interface SinkDelivery {
  /** 1-based position in the channel's log. */
  readonly sequence: number;
  /** Wall-clock arrival time (ISO 8601), for reports. */
  readonly receivedAt: string;
  /** Arrival on the monotonic clock (performance.now()), for measuring intervals. */
  readonly receivedAtMs: number;
  readonly method: string;
  /** Path and query as sent. */
  readonly path: string;
  /** Lower-case names, repeated headers joined with ", ". Raw: not redacted (X-Signature is needed). */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact bytes received, at most maxBodyBytes. */
  readonly body: Buffer;
  /** Bytes the caller sent (or declared) in all; more than body.length when the cap cut it. */
  readonly bodyBytes: number;
  readonly isBodyTruncated: boolean;
  /** The body's "id" when it is a JSON object with a string id: the key the script counts attempts by. */
  readonly eventId?: string;
  /** Which delivery of this event id (or of these exact bytes, without an id) this is, from 1. */
  readonly attemptOfEvent: number;
  readonly answer: DeliveryAnswer;
}

/** A private delivery log with its own URL and answer script, so each check sees only its own deliveries. */
export interface SinkChannel {
  /** The URL to register with the target (the sink's URL plus this channel's unguessable path). */
  readonly url: string;
  /** Replaces the answer script; deliveries already answered keep their answers. */
  setScript(script: AnswerScript): void;
  /** Every delivery so far, in arrival order. */
  deliveries(): readonly SinkDelivery[];
  /**
   * Resolves true as soon as `predicate` holds for the deliveries so far, false when `timeoutMs`
   * passes, the signal aborts or the channel closes first. Never rejects, never waits longer.
   */
  waitFor(predicate: (deliveries: readonly SinkDelivery[]) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** The deliveries as evidence: direction "inbound", bodies bounded, secrets redacted. */
  records(): ExchangeRecord[];
  /** Stops recording; held answers are released; later requests to the URL get a quiet 2xx. */
  close(): void;
}

/** The running sink. */
export interface WebhookSink {
  /** Base URL the target is told to call: publicUrl when configured, else the listening address. */
  readonly url: string;
  /** Whether the listening socket serves TLS. */
  readonly isHttps: boolean;
  /** The signing secret the kit registers with the target for this run. Never put it in an output. */
  readonly secret: string;
  /** Opens a fresh channel; default script: 2xx at once. */
  openChannel(script?: AnswerScript): SinkChannel;
  /** Stops listening, ends every connection and timer, and wakes every waiter. */
  close(): Promise<void>;
}

/** What the sink needs to start: the config's sink section plus the run's secret and evidence policy. */
export interface WebhookSinkOptions extends SinkConfig {
  readonly secret: string;
  /** Bytes of a delivery body kept in evidence records. */
  readonly evidenceBodyBytes: number;
  /** Further values to redact from records (the API token); the sink's own secret is always redacted. */
  readonly secrets?: readonly string[];
}
