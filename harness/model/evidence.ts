// What a failure carries so a busy engineer can act on it: the exchanges, redacted at record time.
import type { ErrorInfo } from './error-info.js';
import type { SharedCause } from './shared-cause.js';

/** A body as recorded: text (UTF-8, or base64 when not text), bounded, with its real size. */
export interface RecordedBody {
  readonly text: string;
  /** Size of the whole body in bytes, even when only a prefix was kept. */
  readonly bytes: number;
  readonly truncated: boolean;
  readonly encoding: 'utf8' | 'base64';
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Header names in lower case; the credential and every known secret are already redacted. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: RecordedBody;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: RecordedBody;
}

/**
 * One HTTP exchange. `outbound`: the kit called the target. `inbound`: the target called the kit's
 * webhook sink (a delivery).
 */
export interface ExchangeRecord {
  readonly direction: 'outbound' | 'inbound';
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  /** Set when the exchange did not complete (time-out, reset, too large). */
  readonly error?: ErrorInfo;
  readonly startedAt: string;
  readonly durationMs: number;
  /** A runnable curl line; the credential appears as $APICERT_TOKEN (or the configured variable). */
  readonly curl?: string;
  /** Why the check made this exchange, in a few words. */
  readonly note?: string;
  /** On an inbound record: which attempt of which event the delivery was, as the sink counted it. */
  readonly delivery?: DeliveryFacts;
}

/** What the sink read of one delivery: its attempt number and, when the body had one, its event id (redacted). */
export interface DeliveryFacts {
  /** 1 for the first delivery of an event (or of these exact bytes, without an id). */
  readonly attempt: number;
  readonly eventId?: string;
}

/** Extra detail a check attaches to a failure. */
export interface FailureDetails {
  readonly expected?: string;
  readonly actual?: string;
  /** Exchanges that prove the failure; when omitted the runner attaches the check's whole log. */
  readonly exchanges?: readonly ExchangeRecord[];
  /** The shrunk failing case of a property check. */
  readonly counterexample?: unknown;
  /** fast-check replay path, with the check's seed. */
  readonly replayPath?: string;
  /** The observation behind the failure, when it is one that fails other checks too. */
  readonly cause?: SharedCause;
}
