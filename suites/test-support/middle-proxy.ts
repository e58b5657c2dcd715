// Test support: a loopback proxy in front of a target that can hold a request before forwarding it,
// hold its answer before passing it on, change its headers, or answer some requests itself: a target
// whose writes land late, whose answers come late, that serves what it should refuse, or that sits
// behind a gateway or a mock, without a second implementation.
import {
  Agent,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { startLocalServer } from '../../harness/http/test-support/local-server.js';

export interface ProxyChanges {
  /** How long to hold this request before forwarding it; 0 or absent: at once. */
  readonly holdRequestMs?: (method: string) => number;
  /** How long to hold the answer to this request before passing it on; 0 or absent: at once. */
  readonly holdAnswerMs?: (method: string) => number;
  /** The headers to forward instead of the request's own. */
  readonly requestHeaders?: (method: string, headers: IncomingHttpHeaders) => IncomingHttpHeaders;
  /** The path and query forwarded instead of the request's own (a proxy that rewrites a parameter). */
  readonly forwardPath?: (method: string, path: string) => string;
  /** The request body forwarded instead of the request's own (a gateway that translates ids). */
  readonly requestBody?: (method: string, path: string, body: Buffer) => Buffer;
  /** The body passed on instead of the target's answer, given its status and body (a proxy that filters). */
  readonly answerBody?: (method: string, path: string, status: number, body: Buffer) => Buffer;
  /** An answer the proxy gives itself, never forwarding the request (a gateway or a mock); undefined forwards it. */
  readonly answer?: (method: string, path: string, headers: IncomingHttpHeaders) => OwnAnswer | undefined;
  /** An answer the proxy gives in place of the target's, once the target has answered (a gateway that lets a write through, then says "not now"). */
  readonly answerInstead?: (method: string, path: string, status: number, body: Buffer) => OwnAnswer | undefined;
  /** Headers added to the target's answer (a gateway's cookies); given the answer's status and body. */
  readonly answerHeaders?: (
    method: string,
    path: string,
    status: number,
    body: Buffer,
  ) => Readonly<Record<string, string | readonly string[]>> | undefined;
  /** Answers every n-th request with `Connection: close` and closes its connection after the answer. */
  readonly closeEvery?: number;
}

/** An answer of the proxy's own. */
export interface OwnAnswer {
  readonly status: number;
  readonly json: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface MiddleProxy {
  /** e.g. "http://127.0.0.1:54321": the base URL to run against. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startMiddleProxy(targetUrl: string, changes: ProxyChanges): Promise<MiddleProxy> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true });
  let answered = 0;
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
    const send = (sent: Buffer): void => {
      const body = changes.requestBody?.(method, incoming.url ?? '/', sent) ?? sent;
      const given = changes.requestHeaders?.(method, incoming.headers) ?? incoming.headers;
      const headers = body === sent ? given : { ...given, 'content-length': String(body.length) };
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          path: changes.forwardPath?.(method, incoming.url ?? '/') ?? incoming.url,
          method,
          headers,
          agent,
          // A target may answer with headers past Node's 16 KiB (the echoing target does); the kit reads 64 KiB.
          maxHeaderSize: 256 * 1024,
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            later(changes.holdAnswerMs?.(method) ?? 0, () => {
              const instead = changes.answerInstead?.(
                method,
                incoming.url ?? '/',
                answer.statusCode ?? 502,
                Buffer.concat(chunks),
              );
              if (instead !== undefined) return answerOwn(outgoing, instead);
              const status = answer.statusCode ?? 502;
              const body = Buffer.concat(chunks);
              const passed = changes.answerBody?.(method, incoming.url ?? '/', status, body) ?? body;
              const {
                'content-length': _length,
                connection: _connection,
                'keep-alive': _hint,
                ...rest
              } = answer.headers;
              answered += 1;
              const closes = changes.closeEvery !== undefined && answered % changes.closeEvery === 0;
              outgoing.writeHead(status, {
                ...rest,
                ...changes.answerHeaders?.(method, incoming.url ?? '/', status, body),
                'content-length': String(passed.length),
                ...(closes ? { connection: 'close' } : {}),
              });
              outgoing.end(passed);
            }),
          );
        },
      );
      upstream.on('error', () => outgoing.destroy());
      upstream.end(body);
    };
    const own = changes.answer?.(method, incoming.url ?? '/', incoming.headers);
    if (own !== undefined) {
      incoming.resume();
      answerOwn(outgoing, own);
      return;
    }
    // Read whole first, so a held request is forwarded as it came.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => later(changes.holdRequestMs?.(method) ?? 0, () => send(Buffer.concat(chunks))));
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

function answerOwn(outgoing: ServerResponse, own: OwnAnswer): void {
  outgoing.writeHead(own.status, { 'content-type': 'application/json', ...own.headers });
  outgoing.end(JSON.stringify(own.json));
}
