// At most N requests in flight to the target, whoever sends them: checks, fixtures and clean-up
// share one limit (--concurrency, target.concurrency). Waiting requests go in the order they came,
// and a request whose signal aborts while it waits leaves the queue without being sent.
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

export interface ConcurrencyLimitedClient extends HttpClient {
  /** The most requests that were in flight at once so far. */
  peakInFlight(): number;
}

export function withConcurrencyLimit(client: HttpClient, limit: number): ConcurrencyLimitedClient {
  const max = Math.max(1, Math.floor(limit));
  let inFlight = 0;
  let peak = 0;
  const waiting: { readonly start: () => void; readonly signal: AbortSignal | undefined }[] = [];

  function startNext(): void {
    while (inFlight < max && waiting.length > 0) {
      const next = waiting.shift()!;
      if (next.signal?.aborted === true) continue;
      next.start();
    }
  }

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (inFlight < max) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        signal,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          resolve();
        },
      };
      const onAbort = (): void => {
        const at = waiting.indexOf(entry);
        if (at !== -1) waiting.splice(at, 1);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  }

  async function send(request: HttpRequest): Promise<HttpExchange> {
    await acquire(request.signal);
    try {
      return await client.send(request);
    } finally {
      inFlight -= 1;
      startNext();
    }
  }

  return { send, close: () => client.close(), peakInFlight: () => peak };
}
