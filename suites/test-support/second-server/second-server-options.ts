// The second implementation's switches: each picks one answer the convention leaves open (2/2 and
// 4.2 rule 3, 4.2 rule 4 and rule 8, 5/5, 8, what a receiver does with an incomplete event) or puts
// the API behind a throttling gateway, so the kit is proven on choices the reference server never makes.

/** How a list request above the maximum page size is answered (convention 8: bounds, not numbers). */
export type OverMaxAnswer = 'clamp' | 'reject';
/** next_cursor on the last page (convention 4.2 rule 8: not shown). */
export type LastPageCursor = 'null' | 'absent' | 'empty';
/** Encoding of the HMAC digest after "sha256=" (convention 5/5: not shown). */
export type DigestEncoding = 'hex' | 'base64';
/** Record ids: JSON numbers from a counter, or random UUID strings (convention 2/2: an identifier, shape not shown). */
export type IdStyle = 'numeric' | 'uuid';
/**
 * How the receiver endpoint treats a delivery above bodyLimitBytes (convention 8: payload limits
 * not shown): a 413, a connection cut before the body is read, or the body read and acknowledged.
 */
export type OversizedAnswer = 'answer-413' | 'reset' | 'accept';
/** How the receiver answers a correctly signed event object lacking event, id or data (not shown). */
export type IncompleteEventAnswer = 'refuse' | 'accept';
/**
 * The order of every list (convention 4.2 rule 3: stable with a unique tie-breaker, direction not
 * shown): oldest first, as the reference server lists, so new records land at the end; or newest
 * first, as many APIs list by default, so new records land at the head and shift every offset.
 */
export type ListOrder = 'oldest-first' | 'newest-first';

export interface SecondServerModes {
  readonly overMax: OverMaxAnswer;
  readonly lastPageCursor: LastPageCursor;
  readonly digest: DigestEncoding;
  /** Every 5th API request is answered 429 with Retry-After: 0, as a rate-limiting gateway would. */
  readonly gateway: boolean;
  readonly idStyle: IdStyle;
  readonly oversized: OversizedAnswer;
  readonly incompleteEvent: IncompleteEventAnswer;
  readonly order: ListOrder;
}

/**
 * Answers real servers give that the four modes never do, switched on one test at a time (issue 35):
 * json-server and Feathers as users ran them, open and with framework defaults.
 */
export interface SecondServerQuirks {
  /** Takes no credential at all, as an open API (target.auth.none) does. */
  readonly open?: boolean;
  /**
   * /customers/{id}/orders of a customer that does not exist: 200 with a bare [] (json-server 0.17.4),
   * or 200 with every order as a bare array (a filter on a parent id that is never checked).
   */
  readonly unknownParentOrders?: 'bare-empty' | 'bare-every-order';
  /** A body that is not JSON answered 500 text/plain with no body (json-server beta, Feathers). */
  readonly malformedBodyEmpty500?: boolean;
  /**
   * Pages by cursor only, as a quick app written from the convention may: limit and after are
   * honoured, offset, page and per_page ignored; on every list, or only on the nested ones.
   */
  readonly cursorOnly?: 'every-list' | 'nested-lists';
}

/** How the sender signs: the convention's X-Signature (in the mode's digest encoding), or Standard Webhooks'. */
export type SenderScheme = 'x-signature' | 'standard-webhooks';

export interface SecondServerOptions {
  readonly modes: SecondServerModes;
  /** Default X-Signature. */
  readonly senderScheme?: SenderScheme;
  /** X-Signature's hex digest in upper case (RFC 4648's base16), as some senders write it; default lower case. */
  readonly upperCaseHex?: boolean;
  /** How long the sender waits for an answer; default senderTimings.timeoutMs. */
  readonly senderTimeoutMs?: number;
  /** Bearer token; default random. */
  readonly token?: string;
  /** Secret the receiver endpoint verifies X-Signature with; default random. */
  readonly receiverSecret?: string;
  /** Records the lists hold from the start (seed-records.ts); default none. */
  readonly seedRecords?: SecondServerSeed;
  /** Default none. */
  readonly quirks?: SecondServerQuirks;
}

import type { SecondServerSeed } from './seed-records.js';

/** Page sizes deliberately unlike the reference server's 20 and 100. */
export const defaultPageSize = 10;
export const maxPageSize = 50;

/** Sender timings: a 200 ms time-out and waits of 30 ms, 90 ms, 270 ms … (x3, where the reference doubles). */
export const senderTimings = { timeoutMs: 200, firstBackoffMs: 30, backoffFactor: 3, maxAttempts: 6 } as const;

/** Largest request body the server reads, API and receiver alike (the receiver past it as its mode says). */
export const bodyLimitBytes = 256 * 1024;

/** In oversized "accept" mode the receiver reads past bodyLimitBytes, but still not without end. */
export const acceptedDeliveryCapBytes = 8 * 1024 * 1024;
