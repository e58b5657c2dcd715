// At most N requests in flight to the target, whoever sends them: checks, fixtures and clean-up
// share one limit (--concurrency, target.concurrency). A freed slot goes to the waiting request
// whose lane (HttpRequest.lane: its check) has the fewest requests in flight, the earliest first
// among equals: a check's chain of requests, one at a time, is not queued behind another check's
// burst of dozens, so the chain sets the pace only where it is the longest work. A request whose
// signal aborts while it waits leaves the queue without being sent.
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

export interface ConcurrencyLimitedClient extends HttpClient {
  /** The most requests that were in flight at once so far. */
  peakInFlight(): number;
}

interface Waiting {
  readonly lane: string;
  readonly start: () => void;
  readonly signal: AbortSignal | undefined;
}

export function withConcurrencyLimit(client: HttpClient, limit: number): ConcurrencyLimitedClient {
  const max = Math.max(1, Math.floor(limit));
  let inFlight = 0;
  let peak = 0;
  const byLane = new Map<string, number>();
  const waiting: Waiting[] = [];

  const laneCount = (lane: string): number => byLane.get(lane) ?? 0;
  function take(lane: string): void {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    byLane.set(lane, laneCount(lane) + 1);
  }
  function give(lane: string): void {
    inFlight -= 1;
    const left = laneCount(lane) - 1;
    if (left > 0) byLane.set(lane, left);
    else byLane.delete(lane);
  }

  // Linear in the queue, which holds at most the requests the checks have started: a few hundred.
  function nextIndex(): number {
    let best = 0;
    for (let index = 1; index < waiting.length; index += 1) {
      if (laneCount(waiting[index]!.lane) < laneCount(waiting[best]!.lane)) best = index;
    }
    return best;
  }

  function startNext(): void {
    while (inFlight < max && waiting.length > 0) {
      const [next] = waiting.splice(nextIndex(), 1);
      if (next!.signal?.aborted === true) continue;
      next!.start();
    }
  }

  function acquire(lane: string, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (inFlight < max) {
      take(lane);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        lane,
        signal,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          take(lane);
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
    const lane = request.lane ?? '';
    await acquire(lane, request.signal);
    try {
      return await client.send(request);
    } finally {
      give(lane);
      startNext();
    }
  }

  return { send, close: () => client.close(), peakInFlight: () => peak };
}
