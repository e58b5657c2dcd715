// The capturing webhook sink's public shape. The implementation (webhook-sink.ts) treats every
// caller as untrusted: bodies are capped, connections are capped, and every wait is bounded.
import type { SinkConfig } from '../config/config-types.js';
import type { SecretValues } from '../http/growing-secrets.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { AnswerScript } from './answer-script.js';
import type { JsonParser } from './delivery-content.js';

export type { AnswerScript, FailureKind } from './answer-script.js';

/** How the sink ended one delivery; `afterMs` counts from the arrival of the request. */
export type DeliveryAnswer =
  | { readonly state: 'pending' }
  /** The sink answered with this status. `late` when it first held the answer on purpose. */
  | { readonly state: 'answered'; readonly status: number; readonly afterMs: number; readonly late: boolean }
  /** The caller closed the connection before the sink answered: the sender gave up (timed out). */
  | { readonly state: 'sender-closed'; readonly afterMs: number }
  /**
   * The sink cut the connection without answering, as the script asked (or because it closed):
   * closed (FIN), or reset (RST) when `isReset`.
   */
  | { readonly state: 'destroyed'; readonly afterMs: number; readonly isReset?: boolean };

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
  /**
   * The exact bytes received, at most maxBodyBytes; when isBodyDropped, only a prefix for evidence
   * (or nothing).
   */
  readonly body: Buffer;
  /** Bytes the caller sent (or declared) in all; more than body.length when the cap cut it. */
  readonly bodyBytes: number;
  readonly isBodyTruncated: boolean;
  /**
   * The channel's or the sink's byte cap (maxBytesKeptPerChannel, maxBytesKept) was reached: the
   * body is cut to an evidence prefix and only Content-Type and X-Signature are kept of the headers
   * (or nothing at all, when even those do not fit). The delivery is still answered, counted and matched.
   */
  readonly isBodyDropped: boolean;
  /** SHA-256 (hex) of the bytes received, so bodies compare after they are dropped. */
  readonly bodyDigest: string;
  /**
   * The body's "id" when it is a JSON object with a string id (of at most 256 characters): the key
   * the script counts attempts by. Read once, on arrival.
   */
  readonly eventId?: string;
  /** The body's "event" when it is a string of at most 256 characters. */
  readonly eventName?: string;
  /**
   * Strings and numbers found in the body's "data", breadth first (at most 32, 8 levels deep, each
   * at most 256 characters): what a delivery is matched to a record by.
   */
  readonly dataValues: ReadonlySet<string>;
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
  /**
   * Names records the check waits on (the ids their deliveries' data hold). Deliveries about none of
   * them are then answered as scripted only for the first few after each naming, 2xx at once after
   * that, and past a couple of hundred not kept at all: on a target others write to, their events
   * would fill the channel and take the holds and failures the check scripted for its own.
   */
  watch(recordIds: readonly (string | number)[]): void;
  /** Deliveries about no watched record acknowledged and not kept so far. */
  ignored(): number;
  /** Every delivery so far, in arrival order (delivery n at index n - 1); none once closed. */
  deliveries(): readonly SinkDelivery[];
  /**
   * Resolves true as soon as `predicate` holds for the deliveries so far, false when `timeoutMs`
   * passes, the signal aborts or the channel closes first. Never rejects, never waits longer.
   * `predicate` runs on every arrival and answer with the channel's own list (not a copy, valid
   * only during the call): it should look only at deliveries it has not seen, or a flood costs it
   * work that grows with every delivery.
   */
  waitFor(
    predicate: (deliveries: readonly SinkDelivery[]) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** The deliveries as evidence: direction "inbound", bodies bounded, secrets redacted. */
  records(): ExchangeRecord[];
  /** Bytes of bodies and headers the channel keeps (at most maxBytesKeptPerChannel). */
  keptBytes(): number;
  /**
   * Stops recording and releases every delivery (their bytes go back to the sink's cap); held
   * answers are released; later requests to the URL get a quiet 2xx.
   */
  close(): void;
}

/** Requests the sink refused, by why: past its connection cap, unreadable, cut before their end, to a full channel. */
export interface SinkRefusals {
  readonly overConnectionCap: number;
  /** Malformed, headers over Node's 16 KiB, or headers too slow: the connection was closed. */
  readonly unreadable: number;
  /** The sender stopped, or was stopped, before the body's end. */
  readonly cutOff: number;
  /** Answered 429: the channel held its most deliveries. */
  readonly channelFull: number;
}

/** The running sink. */
export interface WebhookSink {
  /** Base URL the target is told to call: publicUrl when configured, else the listening address. */
  readonly url: string;
  /** Whether the listening socket serves TLS. */
  readonly isHttps: boolean;
  /** The signing secret the kit registers with the target for this run. Never put it in an output. */
  readonly secret: string;
  /** Bytes of bodies and headers kept across all open channels (at most maxBytesKept). */
  keptBytes(): number;
  /** Opens a fresh channel; default script: 2xx at once. */
  openChannel(script?: AnswerScript): SinkChannel;
  /**
   * What the sink itself refused so far, across all channels: deliveries it could not take, so a
   * sender check that misses one cannot tell the target's silence from the sink's. Counts only grow.
   */
  refusals(): SinkRefusals;
  /** Stops listening, ends every connection and timer, and wakes every waiter. */
  close(): Promise<void>;
}

/** What the sink needs to start: the config's sink section plus the run's secret and evidence policy. */
export interface WebhookSinkOptions extends SinkConfig {
  readonly secret: string;
  /** Bytes of a delivery body kept in evidence records. */
  readonly evidenceBodyBytes: number;
  /**
   * Further values to redact from records (the API token), read at each use: the run's list can grow.
   * The sink's own secret is always redacted.
   */
  readonly secrets?: SecretValues;
  /**
   * Lower-case names of the signature profile's headers (webhooks.sender.profile): the first is the
   * signature, whose digests evidence shortens; all are kept when a body is dropped. Default X-Signature.
   */
  readonly signatureHeaders?: readonly string[];
  /** Parses each delivery body once, on arrival; default JSON.parse (a test passes a counting one). */
  readonly parseJson?: JsonParser;
}
