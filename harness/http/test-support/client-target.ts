// Test support: the local target the HTTP client's tests run against (well-behaved routes, hangs,
// endless bodies, resets, broken JSON, echoed secrets), with the client under test and helpers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { HttpError } from '../../errors.js';
import { createHttpClient } from '../client.js';
import type { HttpClient, HttpClientOptions } from '../http-types.js';
import { startLocalServer, type LocalServer } from './local-server.js';

export const TOKEN = 'tok_Live_0123456789abcdef';
export const SIGNING_SECRET = 'whsec-signing-secret-42';
export const MiB = 1024 * 1024;

export const options: HttpClientOptions = {
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 300,
  bodyTimeoutMs: 300,
  exchangeTimeoutMs: 1_000,
  maxResponseBytes: MiB,
  evidenceBodyBytes: 256,
  followRedirects: false,
  maxRedirects: 3,
  credential: { header: 'Authorization', value: `Bearer ${TOKEN}`, curlValue: 'Bearer $APICERT_TOKEN' },
  secrets: [SIGNING_SECRET],
};

/** What the target saw of each request. */
interface Seen {
  readonly path: string;
  readonly authorization?: string;
  readonly remotePort?: number;
}

export const seen: Seen[] = [];
export const endlessStreams = { started: 0, closed: 0, bytesWritten: 0 };
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!;
  seen.push({
    path: req.url ?? '/',
    ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
    ...(req.socket.remotePort !== undefined ? { remotePort: req.socket.remotePort } : {}),
  });
  if (path.startsWith('/json')) {
    res.setHeader('content-type', 'application/json');
    res.setHeader('X-Multi', ['a', 'b']);
    res.end(JSON.stringify({ items: [1, 2], path: req.url }));
  } else if (path === '/text-json') {
    res.setHeader('content-type', 'text/plain');
    res.end('{"ok":true}');
  } else if (path === '/broken-json') {
    res.setHeader('content-type', 'application/json');
    res.end(`{"token": ${TOKEN}`);
  } else if (path === '/empty') {
    res.statusCode = 204;
    res.end();
  } else if (path === '/echo') {
    // A careless target echoing the credential back everywhere it can.
    res.setHeader('x-echo', req.headers.authorization ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ auth: req.headers.authorization, signing: SIGNING_SECRET, url: req.url }));
  } else if (path === '/huge-headers' || path === '/large-headers') {
    // 3,000 cookies of 30 bytes (about 100 KiB of headers), or 1,000 (about 33 KiB, a real site's worst).
    const count = path === '/huge-headers' ? 3000 : 1000;
    res.writeHead(201, {
      'content-type': 'application/json',
      'set-cookie': Array.from({ length: count }, (_, i) => `c${i}=${'x'.repeat(20)}`),
    });
    res.end('{"id":"a"}');
  } else if (path === '/hang-headers') {
    // Never answers.
  } else if (path === '/hang-body') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"items": [');
  } else if (path === '/trickle') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(timer));
  } else if (path === '/endless') {
    streamEndlessly(res);
  } else if (path === '/endless-secret-at-cut') {
    // The signing secret straddles the 256-byte evidence cut of a body that never ends.
    streamEndlessly(res, `${'a'.repeat(250)}${SIGNING_SECRET}`);
  } else if (path === '/declared-huge') {
    res.writeHead(200, { 'content-length': String(2 * MiB) });
    res.write('x'.repeat(100));
  } else if (path === '/reset-mid-body') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"items": [1, 2');
    setTimeout(() => req.socket.destroy(), 20);
  } else if (path === '/reset-before-headers') {
    req.socket.destroy();
  } else if (path === '/binary') {
    res.setHeader('content-type', 'application/octet-stream');
    res.end(Buffer.from([0xff, 0xfe, 0x00, 0x42]));
  } else if (path === '/redirect-self') {
    res.writeHead(302, { location: '/json' });
    res.end();
  } else {
    res.statusCode = 404;
    res.end('{"error":"not found"}');
  }
}

/** 1 GB, chunked, no Content-Length, written as fast as the socket drains, from one reused buffer. */
function streamEndlessly(res: ServerResponse, prefix = ''): void {
  endlessStreams.started++;
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  res.write(prefix);
  let remaining = 1024 * MiB;
  let closed = false;
  res.on('close', () => {
    closed = true;
    endlessStreams.closed++;
  });
  const pump = (): void => {
    while (!closed && remaining > 0) {
      remaining -= CHUNK.length;
      endlessStreams.bytesWritten += CHUNK.length;
      if (!res.write(CHUNK)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!closed) res.end();
  };
  pump();
}

/** The running target and the client under test, set before the file's tests run. */
export const target = {} as { server: LocalServer; client: HttpClient };
/** Client ports of the connections the server has open right now. */
export const openRemotePorts = new Set<number>();

/** Starts the target and the client before the calling file's tests, and closes both after. */
export function useClientTarget(): void {
  beforeAll(async () => {
    const server = await startLocalServer(route);
    target.server = server;
    server.server.on('connection', (socket) => {
      const port = socket.remotePort!;
      openRemotePorts.add(port);
      socket.on('close', () => openRemotePorts.delete(port));
    });
    target.client = createHttpClient(options);
  });

  afterAll(async () => {
    await target.client.close();
    await target.server.close();
  });
}

/** Sends and returns the HttpError it must throw, with a bound on how long that may take. */
export async function expectHttpError(send: Promise<unknown>, withinMs: number): Promise<HttpError> {
  const started = performance.now();
  const error = await send.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (thrown: unknown) => thrown,
  );
  expect(performance.now() - started).toBeLessThan(withinMs);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

export function expectNoSecrets(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(SIGNING_SECRET);
}

export async function waitUntil(condition: () => boolean, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
