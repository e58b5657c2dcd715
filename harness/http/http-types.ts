// The HTTP client's public shape. The implementation (client.ts) treats the target as untrusted.
import type { ExchangeRecord } from '../model/evidence.js';
import type { SecretValues } from './growing-secrets.js';

/** The credential the client adds; `value` is the whole header value, e.g. "Bearer abc". */
export interface Credential {
  readonly header: string;
  readonly value: string;
  /** How the value is shown in curl lines, e.g. "Bearer $APICERT_TOKEN". */
  readonly curlValue: string;
  /**
   * The well-formed wrong value sent for `credential: 'wrong'`, e.g. "Bearer xq3…"; drawn by the
   * client when absent. A caller that redacts outside the client draws it, to redact it too.
   */
  readonly wrongValue?: string;
}

/**
 * Every way a request can lack a valid credential (convention 5/1), as the client builds it from
 * the configured one: none at all, an empty header, the scheme without a token, a well-formed wrong
 * token, and the valid token cut by one character, with one added after it or before it, or with one
 * in its middle changed (which a comparison of a prefix, a suffix or the length alone would accept).
 */
export const credentialFlaws = [
  'none',
  'empty',
  'scheme-only',
  'wrong',
  'truncated',
  'extended',
  'prefixed',
  'middle-changed',
] as const;
export type CredentialFlaw = (typeof credentialFlaws)[number];
/** valid: the configured credential; a flaw: a request that lacks a valid one in that way. */
export type CredentialMode = 'valid' | CredentialFlaw;

export interface HttpClientOptions {
  readonly connectTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /**
   * Deadline of the whole exchange, from sending the request to the last body byte; checked as body
   * bytes arrive, so a body trickled a byte at a time cannot outlast it.
   */
  readonly exchangeTimeoutMs: number;
  /** A body past this many bytes aborts the read with HttpBodyTooLargeError. */
  readonly maxResponseBytes: number;
  /** Bytes of a body kept in the evidence record. */
  readonly evidenceBodyBytes: number;
  /** Follow same-origin redirects (cross-origin ones are never followed). Default false. */
  readonly followRedirects: boolean;
  readonly maxRedirects: number;
  readonly credential?: Credential;
  /** Further values to redact from every record (signing secrets), read at each use: the run's list can grow. */
  readonly secrets: SecretValues;
  /**
   * Why a write to this URL may not be sent (the config describes no such place), or undefined when
   * it may: asked for every request and every redirect it follows. Default: every URL may.
   */
  readonly refusesWrite?: (method: string, url: string) => string | undefined;
}

export interface HttpRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** valid: add the credential (default); none: omit it; another flaw: send the header with that flaw. */
  readonly credential?: CredentialMode;
  /** Use a new connection, sharing nothing with earlier requests. */
  readonly freshConnection?: boolean;
  /**
   * Requests with the same key share one dedicated connection, opened on first use and used by
   * nothing else (unless the target closes it), so a check can tell what a server keeps per connection.
   */
  readonly connectionKey?: string;
  /** false: a 429 or 503 is the answer, not a "not now" to wait out (a webhook delivery the check judges). */
  readonly waitsOutThrottling?: boolean;
  /**
   * A webhook delivery to a receiver: a closed connection is the receiver's refusal, which its check
   * judges, so only a time-out counts towards "the target stopped answering".
   */
  readonly isWebhookDelivery?: boolean;
  readonly signal?: AbortSignal;
  /** Why the request is made, stored on the record. */
  readonly note?: string;
  /**
   * Who sends it (a check's id), for the limit on requests in flight: a freed slot goes to the lane
   * with the fewest in flight (withConcurrencyLimit). Absent: one lane shared by all such requests.
   */
  readonly lane?: string;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body (at most maxResponseBytes). */
  readonly body: Buffer;
  readonly text: string;
  /** Parsed JSON when the body parses, else undefined (see jsonError). */
  readonly json: unknown;
  /** Why the body is not JSON: empty, malformed (with the parser's message). */
  readonly jsonError?: string;
  /** Integers beyond 2^53 in `json`, kept there as their digits, not rounded (see exact-json.ts). */
  readonly exactIntegers?: readonly string[];
}

export interface HttpExchange {
  readonly response: HttpResponse;
  /** The redacted, bounded record of the exchange, with a curl line. */
  readonly record: ExchangeRecord;
  readonly durationMs: number;
}

export interface HttpClient {
  /**
   * Sends one request. Throws an HttpError subclass (timeout, too large, connection, redirect
   * blocked) whose `record` holds the partial exchange; any HTTP status is a normal return.
   */
  send(request: HttpRequest): Promise<HttpExchange>;
  close(): Promise<void>;
}
