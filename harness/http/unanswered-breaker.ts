// Notices a target that has stopped answering. Against a target that hangs, trickles or resets,
// every check would otherwise wait out its own time-outs one after another (the whole run budget),
// so after `limit` exchanges with the target in a row that got no answer the run is told to stop.
// Any answer, whatever its status, resets the count.
import {
  HttpConnectionError,
  HttpError,
  HttpPathRefusedError,
  HttpTimeoutError,
  TargetStoppedAnsweringError,
} from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

export interface UnansweredBreakerOptions {
  /** The target's origin (the base URL's): exchanges with any other origin neither count nor reset the count. */
  readonly targetOrigin: string;
  /** budgets.unansweredInARow: unanswered exchanges in a row that stop the run. */
  readonly limit: number;
  /** budgets.requestTimeoutMs, named in the message as the budget to raise for a slow target. */
  readonly requestTimeoutMs: number;
}

export interface BreakerClient extends HttpClient {
  /** Aborted, with a TargetStoppedAnsweringError as its reason, once the target stopped answering. */
  readonly stopped: AbortSignal;
}

/**
 * Wraps `client`. Once stopped, requests still go out, so the records made so far can be deleted;
 * but the first of them that gets no answer either shows the target is still silent, and from then
 * on a request to the target fails at once with the stop's error instead of waiting out a time-out.
 */
export function withUnansweredBreaker(client: HttpClient, options: UnansweredBreakerOptions): BreakerClient {
  const stop = new AbortController();
  let inARow = 0;
  let isStillSilent = false;

  function isToTarget(request: HttpRequest): boolean {
    try {
      return new URL(request.url).origin === options.targetOrigin;
    } catch {
      return false;
    }
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    if (!isToTarget(request)) return client.send(request);
    if (isStillSilent) throw stop.signal.reason as TargetStoppedAnsweringError;
    try {
      const exchange = await client.send(request);
      inARow = 0;
      return exchange;
    } catch (error) {
      if (isUnanswered(error, request)) countUnanswered();
      // An answer the client refused to take (too large, a blocked redirect) is still an answer.
      else if (error instanceof HttpError && !isAbandoned(request) && !isNeitherSilenceNorAnswer(error)) inARow = 0;
      throw error;
    }
  }

  // Runs before the error reaches the check, so the check is stopped with the stop's error rather
  // than judging the time-out it would otherwise see.
  function countUnanswered(): void {
    inARow += 1;
    if (stop.signal.aborted) {
      isStillSilent = true;
    } else if (inARow >= options.limit) {
      stop.abort(
        new TargetStoppedAnsweringError(
          `the target stopped answering: ${describeInARow(inARow)}, so the run stopped; ` +
            `if the target is only slow, raise budgets.requestTimeoutMs (${options.requestTimeoutMs} ms), ` +
            `or budgets.unansweredInARow (${options.limit}) to allow more in a row`,
        ),
      );
    }
  }

  return { send, close: () => client.close(), stopped: stop.signal };
}

// A request its caller gave up on (a check's time budget, an interrupt) says nothing about the target.
function isAbandoned(request: HttpRequest): boolean {
  return request.signal?.aborted === true;
}

/** No answer of any status: a time-out, or a connection refused, reset or closed before the answer ended. */
function isUnanswered(error: unknown, request: HttpRequest): boolean {
  if (isAbandoned(request)) return false;
  if (error instanceof HttpTimeoutError) return true;
  // A receiver may close the connection to refuse a delivery, which its check judges as an answer.
  return (
    error instanceof HttpConnectionError && !isNeitherSilenceNorAnswer(error) && request.isWebhookDelivery !== true
  );
}

// A kept connection the target closed as idle as the request went out, or a request never sent (a
// path the client refused): neither silence nor an answer. Only failures on new connections count (the client sends an idempotent request again on
// one; a write that fails so is its caller's to look into).
function isNeitherSilenceNorAnswer(error: unknown): boolean {
  return (error instanceof HttpConnectionError && error.onReusedConnection) || error instanceof HttpPathRefusedError;
}

function describeInARow(count: number): string {
  return count === 1 ? '1 exchange timed out or was reset' : `${count} exchanges in a row timed out or were reset`;
}
