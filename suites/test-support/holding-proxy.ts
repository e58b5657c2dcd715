// Test support: a loopback proxy in front of a target that can hold a request before forwarding it,
// or its answer before passing it on: a target whose writes land late, or whose answers come late,
// without a second implementation of the API.
import { Agent, request as forward, type IncomingMessage } from 'node:http';
import { startLocalServer } from '../../harness/http/test-support/local-server.js';

export interface Holds {
  /** How long to hold this request before forwarding it; 0 or absent: at once. */
  readonly requestMs?: (method: string) => number;
  /** How long to hold the answer to this request before passing it on; 0 or absent: at once. */
  readonly answerMs?: (method: string) => number;
}

export interface HoldingProxy {
  /** e.g. "http://127.0.0.1:54321": the base URL to run against. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startHoldingProxy(targetUrl: string, holds: Holds): Promise<HoldingProxy> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true });
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    if (ms <= 0) return run();
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const server = await startLocalServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    const send = (body: Buffer): void => {
      const upstream = forward({ host: target.hostname, port: target.port, path: incoming.url, method, headers: incoming.headers, agent }, (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          later(holds.answerMs?.(method) ?? 0, () => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(chunks));
          }),
        );
      });
      upstream.on('error', () => outgoing.destroy());
      upstream.end(body);
    };
    // Read whole first, so a held request is forwarded as it came.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => later(holds.requestMs?.(method) ?? 0, () => send(Buffer.concat(chunks))));
  });
  return {
    url: server.origin,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      agent.destroy();
      await server.close();
    },
  };
}
