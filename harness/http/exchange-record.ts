// Turns one outbound exchange into its evidence record: lower-case header names, bodies bounded with
// their real size, secrets redacted, and a curl line. Pure: no I/O, no clock.
import { isUtf8 } from 'node:buffer';
import type { ErrorInfo } from '../errors.js';
import type { ExchangeRecord, RecordedBody, RecordedRequest } from '../model/evidence.js';
import type { CredentialMode } from './http-types.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import { toCurlLine, type CurlRequest } from './curl.js';
import {
  REDACTED,
  containsAnySecret,
  foldCase,
  redactBytes,
  redactHeaders,
  redactText,
  secretsAsLatin1,
} from './redact.js';

/**
 * Longest URL a record keeps. The request goes out whole, but a cursor that grows page by page would
 * otherwise make every record (and its curl line) of a long walk bigger than the last.
 */
export const recordedUrlChars = 2000;

/** How much of a body is kept and what is removed from it. */
export interface EvidencePolicy {
  readonly evidenceBodyBytes: number;
  /** Secret values in every form they may appear (see secretVariants). */
  readonly secrets: readonly string[];
}

/** One outbound exchange as the client saw it. The credential's value is deliberately not part of it. */
export interface OutboundExchange {
  readonly method: string;
  readonly url: string;
  /** Headers as sent, without the credential header. */
  readonly headers: Readonly<Record<string, string>>;
  /** Present when a credential header was sent, valid or wrong. */
  readonly credential?: {
    readonly header: string;
    readonly mode: Exclude<CredentialMode, 'none'>;
    /**
     * Scheme and space, e.g. "Bearer ", kept in the record so its form stays visible; for an empty
     * or scheme-only header, the whole value sent (nothing secret is in it).
     */
    readonly prefix: string;
    readonly curlValue: string;
  };
  readonly body?: Buffer;
  readonly response?: {
    readonly status: number;
    /** Lower-case names. */
    readonly headers: Readonly<Record<string, string>>;
    /** What was read (all of it, or the prefix before a failure). */
    readonly body: Buffer;
    /** Bytes received in all, which may exceed `body` when the read was cut short. */
    readonly bytes: number;
    /** `body` already decoded as UTF-8, when the caller has it: saves decoding it twice. */
    readonly text?: string;
  };
  readonly error?: ErrorInfo;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly note?: string;
}

/** The redacted, bounded evidence record of an outbound exchange, with its curl line. */
export function recordOutboundExchange(exchange: OutboundExchange, policy: EvidencePolicy): ExchangeRecord {
  const { secrets } = policy;
  const url = cutWithMarker(redactText(exchange.url, secrets), recordedUrlChars);
  const sentHeaders: Record<string, string> = {};
  const recordedHeaders: Record<string, string> = {};
  for (const name of Object.keys(exchange.headers)) {
    const value = redactText(exchange.headers[name]!, secrets);
    sentHeaders[redactText(name, secrets)] = value;
    recordedHeaders[redactText(name.toLowerCase(), secrets)] = value;
  }
  const credential = exchange.credential;
  if (credential !== undefined) {
    const hasToken = credential.mode !== 'empty' && credential.mode !== 'scheme-only';
    const shown = hasToken ? `${credential.prefix}${REDACTED}` : credential.prefix;
    recordedHeaders[credential.header.toLowerCase()] = shown;
    if (credential.mode !== 'valid') sentHeaders[credential.header] = shown;
  }

  // Built by assignment, not by spreading optional parts: this runs once per request of a walk.
  const curl: Mutable<CurlRequest> = { method: exchange.method, url, headers: sentHeaders };
  if (credential?.mode === 'valid') curl.credential = { header: credential.header, curlValue: credential.curlValue };
  if (exchange.body !== undefined) curl.body = toCurlBody(exchange.body, secrets);

  const request: Mutable<RecordedRequest> = { method: exchange.method, url, headers: recordedHeaders };
  if (exchange.body !== undefined) request.body = recordBody(exchange.body, policy);
  // Filled in below in the order a reader wants to see the fields; startedAt and durationMs always are.
  const record = { direction: 'outbound', request } as Mutable<ExchangeRecord>;
  const response = exchange.response;
  if (response !== undefined) {
    record.response = {
      status: response.status,
      headers: redactHeaders(response.headers, secrets),
      body: recordBody(response.body, policy, response.bytes, response.text),
    };
  }
  if (exchange.error !== undefined) record.error = exchange.error;
  record.startedAt = exchange.startedAt;
  record.durationMs = exchange.durationMs;
  record.curl = toCurlLine(curl);
  if (exchange.note !== undefined) record.note = redactText(exchange.note, secrets);
  return record;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A body as evidence: at most `evidenceBodyBytes` (a little more when a secret straddles the cut,
 * so it is removed whole instead of leaving its first half), UTF-8 text or else base64.
 */
export function recordBody(
  body: Buffer,
  policy: EvidencePolicy,
  totalBytes = body.length,
  decoded?: string,
): RecordedBody {
  // Hot path (a small text body, no secret in it): reuse the caller's string, copy nothing.
  if (
    decoded !== undefined &&
    body.length <= policy.evidenceBodyBytes &&
    totalBytes === body.length &&
    !containsAnySecret(decoded, policy.secrets) &&
    isTextBytes(body)
  ) {
    return { text: decoded, bytes: totalBytes, truncated: false, encoding: 'utf8' };
  }
  let cut = Math.min(body.length, policy.evidenceBodyBytes);
  if (cut < body.length) {
    cut = backToCharBoundary(body, cut);
    cut = pastStraddlingSecrets(body, cut, secretsAsLatin1(policy.secrets));
  }
  const kept = redactBytes(cut === body.length ? body : body.subarray(0, cut), policy.secrets);
  const isText = isTextBytes(kept);
  return {
    text: kept.toString(isText ? 'utf8' : 'base64'),
    bytes: totalBytes,
    truncated: cut < totalBytes,
    encoding: isText ? 'utf8' : 'base64',
  };
}

// A curl line is for pasting: a body past this is named by its size instead of inlined, so a
// megabyte probe does not become a megabyte line in every report.
export const curlInlineBodyBytes = 16 * 1024;

function toCurlBody(body: Buffer, secrets: readonly string[]): CurlRequest['body'] {
  if (body.length > curlInlineBodyBytes) return { tooLongBytes: body.length };
  const redacted = redactBytes(body, secrets);
  return isTextBytes(redacted) ? { text: redacted.toString('utf8') } : { binaryBytes: body.length };
}

// NUL is valid UTF-8 but no text format uses it; treating it as binary keeps reports readable.
function isTextBytes(bytes: Buffer): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

// Cutting inside a multi-byte character would make a text body look binary.
function backToCharBoundary(bytes: Buffer, cut: number): number {
  let at = cut;
  for (let step = 0; step < 3 && at > 0 && (bytes[at]! & 0xc0) === 0x80; step++) at--;
  return at;
}

// Secrets as latin1 strings (one char per byte); matched in any letter case, as redactText does.
function pastStraddlingSecrets(bytes: Buffer, cut: number, secrets: readonly string[]): number {
  let at = cut;
  for (let moved = true; moved;) {
    moved = false;
    for (const secret of secrets) {
      if (secret.length === 0) continue;
      // Only an occurrence that starts before the cut and ends after it can straddle it.
      const from = Math.max(0, at - secret.length + 1);
      const window = foldCase(bytes.toString('latin1', from, Math.min(bytes.length, at + secret.length - 1)));
      const found = window.indexOf(foldCase(secret));
      if (found !== -1 && from + found < at) {
        at = from + found + secret.length;
        moved = true;
      }
    }
  }
  return at;
}
