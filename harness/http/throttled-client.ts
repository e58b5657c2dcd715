// An HttpClient that treats the target's "not now" as that, not as an answer: a 429 (or a 503 with
// Retry-After) is sent again after the wait the target asked for, or a capped backoff, and apicert's own
// rate stays under --rate-limit. A throttled answer never reaches a check; one that outlasts the
// retries becomes HttpThrottledError, so the check is errored, not failed.
import { setTimeout as delay } from 'node:timers/promises';
import { HttpThrottledError } from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';
import {
  decideThrottleWait,
  isThrottled,
  isThrottledWrite,
  parseRetryAfter,
  type ThrottlePolicy,
} from './retry-after.js';

export interface ThrottleOptions extends ThrottlePolicy {
  /** Most requests per second apicert sends; undefined for no limit. */
  readonly rateLimit?: number;
  /** Told before each wait for the target, so a long Retry-After shows on the progress line. */
  readonly onWait?: (waitMs: number, request: HttpRequest) => void;
}

/** What throttling cost the run so far. */
export interface ThrottleStats {
  /** Answers of 429 (or 503 with Retry-After) that were waited out and sent again. */
  readonly throttledAnswers: number;
  /** Milliseconds spent waiting for the target's permission, and for apicert's own rate limit. */
  readonly waitedMs: number;
  readonly pacedMs: number;
}

export interface ThrottledClient extends HttpClient {
  stats(): ThrottleStats;
}

// Upper bound of the random spread added to each throttled wait.
const jitterMs = 50;

/** Wraps `client`; the waits honour each request's signal, so a check's budget still bounds them. */
export function withThrottling(client: HttpClient, options: ThrottleOptions): ThrottledClient {
  const intervalMs = options.rateLimit === undefined ? 0 : 1000 / options.rateLimit;
  let nextSlot = 0;
  // When the target says "not now" to one request, every request waits: with several in flight, the
  // others would otherwise keep knocking while the first waits out the Retry-After.
  let pausedUntil = 0;
  let throttledAnswers = 0;
  let waitedMs = 0;
  let pacedMs = 0;
  // While a throttled request is being sent again, new requests wait and the retries go one at a
  // time: a target over its quota sees the retries alone, not the same crowd that was refused.
  let retrying = 0;
  let freshHeld: Promise<void> | undefined;
  let releaseFresh = (): void => {};
  let retryTurn: Promise<void> = Promise.resolve();

  async function waitForRetriesToEnd(signal: AbortSignal | undefined): Promise<void> {
    while (freshHeld !== undefined) await untilSettledOrAborted(freshHeld, signal);
  }

  function beginRetrying(): void {
    retrying += 1;
    if (retrying === 1) freshHeld = new Promise<void>((resolve) => (releaseFresh = resolve));
  }

  function endRetrying(): void {
    retrying -= 1;
    if (retrying > 0) return;
    freshHeld = undefined;
    releaseFresh();
  }

  // The retries' turns, one after another: each waits for the one before it to be answered.
  async function sendInTurn(request: HttpRequest): Promise<HttpExchange> {
    const previous = retryTurn;
    let done = (): void => {};
    retryTurn = new Promise<void>((resolve) => (done = resolve));
    try {
      await untilSettledOrAborted(previous, request.signal);
      return await client.send(request);
    } finally {
      done();
    }
  }

  // Each request takes the next free slot, so concurrent requests are spaced too.
  async function pace(signal: AbortSignal | undefined): Promise<void> {
    const now = performance.now();
    if (pausedUntil > now) {
      await delay(pausedUntil - now, undefined, { signal });
      waitedMs += pausedUntil - now;
    }
    if (intervalMs === 0) return;
    const ready = performance.now();
    const slot = Math.max(ready, nextSlot);
    nextSlot = slot + intervalMs;
    if (slot > ready) {
      await delay(slot - ready, undefined, { signal });
      // Counted once waited: an aborted wait did not cost what it would have.
      pacedMs += slot - ready;
    }
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    await waitForRetriesToEnd(request.signal);
    let isRetrying = false;
    try {
      return await sendUntilAnswered(request, () => {
        if (!isRetrying) beginRetrying();
        isRetrying = true;
      });
    } finally {
      if (isRetrying) endRetrying();
    }
  }

  async function sendUntilAnswered(request: HttpRequest, onThrottled: () => void): Promise<HttpExchange> {
    let waitedForThis = 0;
    for (let attempt = 1; ; attempt++) {
      await pace(request.signal);
      const exchange = attempt === 1 ? await client.send(request) : await sendInTurn(request);
      const { status, headers } = exchange.response;
      if (request.waitsOutThrottling !== false && isThrottledWrite(request.method, status, headers['retry-after'])) {
        throw throttledWrite(request, exchange);
      }
      if (request.waitsOutThrottling === false || !isThrottled(request.method, status, headers['retry-after'])) {
        return attempt === 1 ? exchange : noteRetries(exchange, attempt - 1, waitedForThis);
      }
      const asked = parseRetryAfter(headers['retry-after'], Date.now());
      const wait = decideThrottleWait(attempt, asked, options);
      if (wait === undefined) {
        const why =
          asked !== undefined && asked > options.maxWaitMs
            ? `asked to wait ${Math.ceil(asked / 1000)} s (Retry-After), more than apicert waits (${options.maxWaitMs} ms)`
            : `still answered ${status} after ${attempt - 1} retries`;
        const error = new HttpThrottledError(
          `${request.method} ${request.url} was throttled: the target ${why}; ${options.rateLimit === undefined ? 'set' : 'lower'} --rate-limit, or run when the target has capacity`,
        );
        error.record = exchange.record;
        throw error;
      }
      throttledAnswers += 1;
      onThrottled();
      // A little spread on top: requests throttled together would otherwise come back together, and
      // a gateway that refuses every n-th request could refuse the same ones again and again.
      const spread = Math.random() * Math.min(jitterMs, options.maxWaitMs - wait);
      options.onWait?.(wait, request);
      pausedUntil = Math.max(pausedUntil, performance.now() + wait);
      await delay(wait + spread, undefined, { signal: request.signal });
      waitedMs += wait + spread;
      waitedForThis += wait + spread;
    }
  }

  // A write the target may have carried out before its 503 is not sent again here: the check's
  // context can tell whether a create was applied, and sends it again once the wait is over.
  function throttledWrite(request: HttpRequest, exchange: HttpExchange): HttpThrottledError {
    throttledAnswers += 1;
    const asked = parseRetryAfter(exchange.response.headers['retry-after'], Date.now());
    const wait = decideThrottleWait(1, asked, options);
    if (wait !== undefined) pausedUntil = Math.max(pausedUntil, performance.now() + wait);
    const error = new HttpThrottledError(
      `${request.method} ${request.url} was answered 503 with Retry-After${asked === undefined ? '' : ` (${Math.ceil(asked / 1000)} s)`}: the target may have carried it out before saying "not now", so it is not sent again unless apicert can tell it was not`,
      { mayHaveBeenApplied: true, ...(wait !== undefined ? { resendAfterMs: wait } : {}) },
    );
    error.record = exchange.record;
    return error;
  }

  return {
    send,
    close: () => client.close(),
    stats: () => ({ throttledAnswers, waitedMs: Math.round(waitedMs), pacedMs: Math.round(pacedMs) }),
  };
}

// Waits for `promise`, but no longer than `signal` allows.
async function untilSettledOrAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

// The evidence keeps the answer the check judged, and says what it took to get it.
function noteRetries(exchange: HttpExchange, retries: number, waitedMs: number): HttpExchange {
  const note = `sent ${retries + 1} times: the target throttled it ${retries} time${retries === 1 ? '' : 's'}, ${Math.round(waitedMs)} ms waited`;
  const record = {
    ...exchange.record,
    note: exchange.record.note === undefined ? note : `${exchange.record.note}; ${note}`,
  };
  return { ...exchange, record };
}
