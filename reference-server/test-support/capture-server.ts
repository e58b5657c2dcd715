// A webhook subscriber for tests: records every delivery (headers, raw bytes, arrival time) and
// answers each with a status chosen by the test, not at all ("hang"), or by a reset ("reset").
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedDelivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly receivedAt: number;
}

/** A status to answer with, "hang" to never answer, or "reset" to reset the connection without an answer. */
export type CaptureReply = number | 'hang' | 'reset';

export interface CaptureServer {
  readonly url: string;
  readonly deliveries: readonly CapturedDelivery[];
  /** Chooses the reply to delivery number `index` (0-based); default 200 for all. */
  replyWith(choose: (index: number) => CaptureReply): void;
  /** Resolves with the deliveries once `count` arrived; rejects after `timeoutMs`. */
  waitForDeliveries(count: number, timeoutMs?: number): Promise<readonly CapturedDelivery[]>;
  close(): Promise<void>;
}

export async function startCaptureServer(): Promise<CaptureServer> {
  const deliveries: CapturedDelivery[] = [];
  const hung = new Set<ServerResponse>();
  const waiters = new Set<() => void>();
  let choose: (index: number) => CaptureReply = () => 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = deliveries.length;
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks), receivedAt: performance.now() });
      for (const wake of [...waiters]) wake();
      const reply = choose(index);
      if (reply === 'hang') {
        hung.add(res);
        return;
      }
      if (reply === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      res.writeHead(reply, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    replyWith(next) {
      choose = next;
    },
    waitForDeliveries(count, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (deliveries.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...deliveries]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} deliveries within ${timeoutMs} ms, got ${deliveries.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await stopped;
    },
  };
}

/** Waits `ms`; for tests that must show that nothing more arrives. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
