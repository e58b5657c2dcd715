// The second implementation's switches: each picks one of two answers the convention leaves open
// (4.2 rule 4 and rule 8, 5/5) or puts it behind a throttling gateway, so the kit is proven on
// choices the reference server never makes.

/** How a list request above the maximum page size is answered (convention 8: bounds, not numbers). */
export type OverMaxAnswer = 'clamp' | 'reject';
/** next_cursor on the last page (convention 4.2 rule 8: not shown). */
export type LastPageCursor = 'null' | 'absent' | 'empty';
/** Encoding of the HMAC digest after "sha256=" (convention 5/5: not shown). */
export type DigestEncoding = 'hex' | 'base64';

export interface SecondServerModes {
  readonly overMax: OverMaxAnswer;
  readonly lastPageCursor: LastPageCursor;
  readonly digest: DigestEncoding;
  /** Every 5th API request is answered 429 with Retry-After: 0, as a rate-limiting gateway would. */
  readonly gateway: boolean;
}

export interface SecondServerOptions {
  readonly modes: SecondServerModes;
  /** Bearer token; default random. */
  readonly token?: string;
  /** Secret the receiver endpoint verifies X-Signature with; default random. */
  readonly receiverSecret?: string;
}

/** Page sizes deliberately unlike the reference server's 20 and 100. */
export const defaultPageSize = 10;
export const maxPageSize = 50;

/** Sender timings: a 200 ms time-out and waits of 30 ms, 90 ms, 270 ms … (x3, where the reference doubles). */
export const senderTimings = { timeoutMs: 200, firstBackoffMs: 30, backoffFactor: 3, maxAttempts: 6 } as const;

/** Largest request body the server reads, API and receiver alike. */
export const bodyLimitBytes = 256 * 1024;
