// How long a throttled or overloaded target asked to be left alone (RFC 9110 10.2.3: Retry-After is
// a number of seconds or an HTTP date), and how long apicert waits when it did not say. Pure.

// RFC 9110 9.2.2: these may be sent twice with the effect of once.
const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether an answer means "not now" rather than "no": a 429 (the request was not processed), or a
 * 503 that says when to come back, for a request that is safe to repeat. A 503 without Retry-After
 * may be a real failure, and a POST behind a gateway's 503 may have been processed already, so
 * those stay answers for the check to judge.
 */
export function isThrottled(method: string, status: number, retryAfter: string | undefined): boolean {
  return status === 429 || (status === 503 && retryAfter !== undefined && idempotentMethods.has(method.toUpperCase()));
}

/**
 * A 503 with Retry-After to a write that cannot simply be sent again (POST, PATCH): "not now" all
 * the same, so never an answer to judge, but the write may have been carried out first.
 */
export function isThrottledWrite(method: string, status: number, retryAfter: string | undefined): boolean {
  return status === 503 && retryAfter !== undefined && !idempotentMethods.has(method.toUpperCase());
}

/** Milliseconds the Retry-After value asks for, from `nowMs`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date has letters and a comma (IMF-fixdate); a bare number with a sign or point is invalid.
  if (!/^[A-Za-z]{3}, /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export interface ThrottlePolicy {
  /** Times one request is sent again after a throttled answer. */
  readonly maxRetries: number;
  /** The longest single wait; a target asking for more gets no retry. */
  readonly maxWaitMs: number;
  /** The first wait when the target gave no Retry-After; doubled each time, up to maxWaitMs. */
  readonly backoffMs: number;
}

/**
 * The wait before retry number `attempt` (1 for the first), or undefined when no retry should be
 * made: retries used up, or the target asked for longer than the policy allows.
 */
export function decideThrottleWait(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: ThrottlePolicy,
): number | undefined {
  if (attempt > policy.maxRetries) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs > policy.maxWaitMs ? undefined : retryAfterMs;
  return Math.min(policy.maxWaitMs, policy.backoffMs * 2 ** (attempt - 1));
}
