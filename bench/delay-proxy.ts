// A loopback proxy that holds each request for a fixed delay before forwarding it: a network round
// trip stood in front of the reference server. It counts the requests and the most in flight at
// once (arrived and not yet answered). close() ends every wait and cuts every connection.
import { Agent, request as forward } from 'node:http';
import { startLocalServer } from '../harness/http/test-support/local-server.js';

export interface DelayProxy {
  /** e.g. "http://127.0.0.1:54321": the base URL to run against. */
  readonly url: string;
  stats(): { readonly requests: number; readonly peakInFlight: number };
  close(): Promise<void>;
}

/** `onArrival` is told of each request as it arrives, with its monotonic arrival time. */
export async function startDelayProxy(
  targetUrl: string,
  delayMs: number,
  onArrival?: (atMs: number) => void,
): Promise<DelayProxy> {
  const target = new URL(targetUrl);
  // Kept-alive connections upstream, so the proxy adds the delay and little else.
  const agent = new Agent({ keepAlive: true });
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  let inFlight = 0;
  let peakInFlight = 0;

  const server = await startLocalServer((incoming, outgoing) => {
    onArrival?.(performance.now());
    requests += 1;
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    outgoing.on('close', () => void (inFlight -= 1));
    const timer = setTimeout(() => {
      timers.delete(timer);
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
          agent,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    }, delayMs);
    timers.add(timer);
  });
  // A request the kit gave up on must not hold a socket after the run.
  server.server.requestTimeout = 60_000;

  return {
    url: server.origin,
    stats: () => ({ requests, peakInFlight }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      agent.destroy();
      await server.close();
    },
  };
}
