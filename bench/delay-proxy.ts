// A loopback proxy that holds each request for a fixed delay before forwarding it: a network round
// trip stood in front of the reference server. It counts the requests and the most in flight at
// once (arrived and not yet answered). close() ends every wait and cuts every connection.
import { Agent, createServer, request as forward } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface DelayProxy {
  /** e.g. "http://127.0.0.1:54321": the base URL to run against. */
  readonly url: string;
  stats(): { readonly requests: number; readonly peakInFlight: number };
  close(): Promise<void>;
}

/** `onArrival` is told of each request as it arrives, with its monotonic arrival time. */
export async function startDelayProxy(targetUrl: string, delayMs: number, onArrival?: (atMs: number) => void): Promise<DelayProxy> {
  const target = new URL(targetUrl);
  // Kept-alive connections upstream, so the proxy adds the delay and little else.
  const agent = new Agent({ keepAlive: true });
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let requests = 0;
  let inFlight = 0;
  let peakInFlight = 0;

  const server = createServer((incoming, outgoing) => {
    onArrival?.(performance.now());
    requests += 1;
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    outgoing.on('close', () => void (inFlight -= 1));
    const timer = setTimeout(() => {
      timers.delete(timer);
      const upstream = forward(
        { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers, agent },
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
  server.requestTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ requests, peakInFlight }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
