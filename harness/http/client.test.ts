// The client against hostile local targets: hangs, endless bodies, resets, broken JSON, echoed secrets.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBodyTooLargeError, HttpConnectionError, HttpError, HttpTimeoutError } from '../errors.js';
import { createHttpClient, isConnectionRefused } from './client.js';
import type { HttpClient, HttpClientOptions } from './http-types.js';
import { REDACTED } from './redact.js';
import { findClosedPort, startLocalServer, type LocalServer } from './test-support/local-server.js';

const TOKEN = 'tok_Live_0123456789abcdef';
const SIGNING_SECRET = 'whsec-signing-secret-42';
const MiB = 1024 * 1024;

const options: HttpClientOptions = {
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

const seen: Seen[] = [];
const endlessStreams = { started: 0, closed: 0, bytesWritten: 0 };
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

let server: LocalServer;
let client: HttpClient;
/** Client ports of the connections the server has open right now. */
const openRemotePorts = new Set<number>();

beforeAll(async () => {
  server = await startLocalServer(route);
  server.server.on('connection', (socket) => {
    const port = socket.remotePort!;
    openRemotePorts.add(port);
    socket.on('close', () => openRemotePorts.delete(port));
  });
  client = createHttpClient(options);
});

afterAll(async () => {
  await client.close();
  await server.close();
});

/** Sends and returns the HttpError it must throw, with a bound on how long that may take. */
async function expectHttpError(send: Promise<unknown>, withinMs: number): Promise<HttpError> {
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

function expectNoSecrets(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(SIGNING_SECRET);
}

describe('a well-behaved response', () => {
  it('returns status, lower-case joined headers, parsed JSON, and a redacted record with a curl line', async () => {
    const { response, record, durationMs } = await client.send({
      method: 'GET',
      url: `${server.origin}/json`,
      note: 'list',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-multi']).toBe('a, b');
    expect(response.json).toEqual({ items: [1, 2], path: '/json' });
    expect(response.jsonError).toBeUndefined();
    expect(durationMs).toBeGreaterThan(0);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);

    expect(record.direction).toBe('outbound');
    expect(record.note).toBe('list');
    expect(record.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(record.response?.body).toMatchObject({ encoding: 'utf8', truncated: false });
    expect(record.curl).toContain('"Authorization: Bearer $APICERT_TOKEN"');
    expectNoSecrets(record);
  });

  it('parses JSON whatever the Content-Type, and keeps the header for a check to judge', async () => {
    const { response } = await client.send({ method: 'GET', url: `${server.origin}/text-json` });
    expect(response.json).toEqual({ ok: true });
    expect(response.headers['content-type']).toBe('text/plain');
  });

  it('answers malformed JSON with jsonError, not a throw, and the error quotes no token', async () => {
    const { response } = await client.send({ method: 'GET', url: `${server.origin}/broken-json` });
    expect(response.json).toBeUndefined();
    expect(response.jsonError).toMatch(/^malformed JSON: /);
    expect(response.jsonError).not.toContain(TOKEN.slice(0, 6));
    expect(response.text).toContain(TOKEN);
  });

  it('says an empty body is empty', async () => {
    const { response } = await client.send({ method: 'GET', url: `${server.origin}/empty` });
    expect(response.status).toBe(204);
    expect(response.jsonError).toBe('empty body');
  });

  it('records a body that is not text as base64', async () => {
    const { record, response } = await client.send({ method: 'GET', url: `${server.origin}/binary` });
    expect(response.body).toEqual(Buffer.from([0xff, 0xfe, 0x00, 0x42]));
    expect(record.response?.body).toEqual({ text: '//4AQg==', bytes: 4, truncated: false, encoding: 'base64' });
  });

  it('returns any status normally, a 3xx included when redirects are off', async () => {
    const missing = await client.send({ method: 'GET', url: `${server.origin}/nowhere` });
    expect(missing.response.status).toBe(404);
    const redirect = await client.send({ method: 'GET', url: `${server.origin}/redirect-self` });
    expect(redirect.response.status).toBe(302);
    expect(redirect.response.headers.location).toBe('/json');
  });
});

describe('secrets', () => {
  it('redacts the credential and the signing secret wherever the target echoes them', async () => {
    const url = `${server.origin}/echo?token=${TOKEN}&sig=${SIGNING_SECRET}`;
    const { response, record } = await client.send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-signature': SIGNING_SECRET },
      body: JSON.stringify({ token: TOKEN }),
    });
    expect(response.headers['x-echo']).toBe(`Bearer ${TOKEN}`);
    expectNoSecrets(record);
    expect(record.request.url).toBe(`${server.origin}/echo?token=${REDACTED}&sig=${REDACTED}`);
    expect(record.response?.headers['x-echo']).toBe(REDACTED);
  });

  it('omits the credential when asked for none, and says so in the note', async () => {
    const { record } = await client.send({
      method: 'GET',
      url: `${server.origin}/json?none`,
      credential: 'none',
      note: 'auth probe',
    });
    expect(seen.at(-1)).toMatchObject({ path: '/json?none' });
    expect(seen.at(-1)?.authorization).toBeUndefined();
    expect(record.request.headers.authorization).toBeUndefined();
    expect(record.curl).not.toContain('Authorization');
    expect(record.note).toBe('auth probe; no credential');
  });

  it('sends a well-formed wrong credential and redacts it too', async () => {
    const { record } = await client.send({ method: 'GET', url: `${server.origin}/json?wrong`, credential: 'wrong' });
    const sent = seen.at(-1)?.authorization ?? '';
    expect(sent).toMatch(/^Bearer /);
    expect(sent).toHaveLength(`Bearer ${TOKEN}`.length);
    expect(sent).not.toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(record)).not.toContain(sent.slice('Bearer '.length));
    expect(record.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(record.curl).not.toContain('$APICERT_TOKEN');
    expect(record.note).toBe('wrong credential');
  });

  it('sends each flaw of the credential as built from the valid one, redacted in the record and named in the note', async () => {
    const sent: Record<string, string | undefined> = {};
    for (const flaw of ['empty', 'scheme-only', 'truncated', 'extended', 'middle-changed'] as const) {
      const { record } = await client.send({ method: 'GET', url: `${server.origin}/json?${flaw}`, credential: flaw });
      sent[flaw] = seen.at(-1)?.authorization;
      expect(JSON.stringify(record)).not.toContain(TOKEN.slice(0, -1));
      expect(record.note).toMatch(/credential|token/);
    }
    expect(sent).toEqual({
      empty: '',
      'scheme-only': 'Bearer',
      truncated: `Bearer ${TOKEN.slice(0, -1)}`,
      extended: expect.stringMatching(new RegExp(`^Bearer ${TOKEN}.$`)) as string,
      'middle-changed': expect.stringMatching(
        new RegExp(
          `^Bearer ${TOKEN.slice(0, Math.floor(TOKEN.length / 2))}[^${TOKEN[Math.floor(TOKEN.length / 2)]!}]${TOKEN.slice(Math.floor(TOKEN.length / 2) + 1)}$`,
        ),
      ) as string,
    });
  });

  it("replaces a caller's header of the credential's name, whatever its case", async () => {
    await client.send({
      method: 'GET',
      url: `${server.origin}/json?override`,
      headers: { AUTHORIZATION: 'Basic xyz' },
    });
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('connections', () => {
  it('reuses keep-alive connections, and freshConnection opens its own and closes it', async () => {
    for (const query of ['k1', 'k2', 'k3', 'k4'])
      await client.send({ method: 'GET', url: `${server.origin}/json?${query}` });
    await client.send({ method: 'GET', url: `${server.origin}/json?f1`, freshConnection: true });
    await client.send({ method: 'GET', url: `${server.origin}/json?f2`, freshConnection: true });
    const port = (query: string): number | undefined =>
      seen.find((entry) => entry.path === `/json?${query}`)?.remotePort;
    const shared = new Set(['k1', 'k2', 'k3', 'k4'].map(port));
    expect(shared.size).toBeLessThanOrEqual(2);
    for (const fresh of ['f1', 'f2']) {
      const freshPort = port(fresh)!;
      expect(seen.filter((entry) => entry.remotePort === freshPort)).toHaveLength(1);
      await waitUntil(() => !openRemotePorts.has(freshPort), 1_000);
      expect(openRemotePorts.has(freshPort)).toBe(false);
    }
    for (const sharedPort of shared) expect(openRemotePorts.has(sharedPort!)).toBe(true);
  });

  it('keeps one dedicated connection per connectionKey, shared with nothing else', async () => {
    for (const query of ['a1', 'b1', 'a2', 'b2', 'a3']) {
      await client.send({ method: 'GET', url: `${server.origin}/json?${query}`, connectionKey: query.slice(0, 1) });
      await client.send({ method: 'GET', url: `${server.origin}/json?shared-${query}` });
    }
    const port = (query: string): number | undefined =>
      seen.find((entry) => entry.path === `/json?${query}`)?.remotePort;
    expect(new Set(['a1', 'a2', 'a3'].map(port)).size).toBe(1);
    expect(new Set(['b1', 'b2'].map(port)).size).toBe(1);
    expect(port('a1')).not.toBe(port('b1'));
    const sharedPorts = new Set(['a1', 'b1', 'a2', 'b2', 'a3'].map((query) => port(`shared-${query}`)));
    expect(sharedPorts.has(port('a1'))).toBe(false);
    expect(sharedPorts.has(port('b1'))).toBe(false);
  });
});

describe('hostile targets', () => {
  it('times out a target that never sends headers, with the budget in the message', async () => {
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/hang-headers` }), 3_000);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.code).toBe('APICERT_HTTP_TIMEOUT');
    expect(error.message).toBe(
      `no response headers within 300 ms from GET ${server.origin}/hang-headers; raise budgets.requestTimeoutMs if the target is slow`,
    );
    expect(error.record?.response).toBeUndefined();
    expect(error.record?.error?.code).toBe('APICERT_HTTP_TIMEOUT');
  });

  it('times out a body that never ends and keeps what arrived as evidence', async () => {
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/hang-body` }), 3_000);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(/^response body stalled for 300 ms/);
    expect(error.record?.response?.status).toBe(200);
    expect(error.record?.response?.body?.text).toBe('{"items": [');
  });

  it('bounds a body trickled a byte at a time, which no idle time-out catches', async () => {
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/trickle` }), 3_000);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(/^exchange not complete within 1000 ms from GET /);
  });

  it('aborts a 1 GB body at the cap, quickly, with memory flat', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/endless` }), 3_000);
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(error).toBeInstanceOf(HttpBodyTooLargeError);
    expect(error.code).toBe('APICERT_HTTP_BODY_TOO_LARGE');
    expect(error.message).toMatch(/^response body passed budgets\.maxResponseBytes \(1048576 bytes\)/);
    expect(rssGrowth).toBeLessThan(64 * MiB);
    expect(error.record?.response?.body).toMatchObject({ truncated: true, text: 'a'.repeat(256) });
    expect(error.record?.response?.body?.bytes).toBeGreaterThan(MiB);
    // The connection is gone, so the target stopped far short of its gigabyte.
    await waitUntil(() => endlessStreams.closed === endlessStreams.started, 2_000);
    expect(endlessStreams.bytesWritten).toBeLessThan(64 * MiB);
  });

  it('keeps only the evidence of a body cut at the cap, and still removes a secret straddling the cut', async () => {
    const error = await expectHttpError(
      client.send({ method: 'GET', url: `${server.origin}/endless-secret-at-cut` }),
      3_000,
    );
    expect(error).toBeInstanceOf(HttpBodyTooLargeError);
    const body = error.record?.response?.body;
    expect(body?.text).toBe(`${'a'.repeat(250)}${REDACTED}`);
    expect(body?.truncated).toBe(true);
    expect(body?.bytes).toBeGreaterThan(MiB);
    await waitUntil(() => endlessStreams.closed === endlessStreams.started, 2_000);
  });

  it('refuses a body whose Content-Length is above the cap before reading it', async () => {
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/declared-huge` }), 2_000);
    expect(error).toBeInstanceOf(HttpBodyTooLargeError);
    expect(error.message).toMatch(/^response declares Content-Length 2097152/);
    expect(error.record?.response?.status).toBe(200);
  });

  it('reports a connection reset mid-body as a connection error', async () => {
    const error = await expectHttpError(client.send({ method: 'GET', url: `${server.origin}/reset-mid-body` }), 2_000);
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.message).toMatch(/after status 200 and 15 body bytes/);
    expect(error.record?.response?.body?.text).toBe('{"items": [1, 2');
    expect(isConnectionRefused(error)).toBe(false);
  });

  it('reports a connection closed before any header as a connection error', async () => {
    const error = await expectHttpError(
      client.send({ method: 'GET', url: `${server.origin}/reset-before-headers` }),
      2_000,
    );
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.message).toContain('before response headers');
  });

  it('reports a closed port as refused, so the runner can exit with code 3', async () => {
    const port = await findClosedPort();
    const error = await expectHttpError(client.send({ method: 'GET', url: `http://127.0.0.1:${port}/x` }), 2_000);
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.code).toBe('APICERT_HTTP_CONNECTION_FAILED');
    expect(error.message).toMatch(new RegExp(`^connection refused by 127\\.0\\.0\\.1:${port} for GET`));
    expect(isConnectionRefused(error)).toBe(true);
    expect(error.record?.request.url).toBe(`http://127.0.0.1:${port}/x`);
  });

  it("stops at the caller's signal and passes its reason on", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('check budget of 100 ms ran out')), 100);
    const error = await expectHttpError(
      client.send({ method: 'GET', url: `${server.origin}/hang-headers`, signal: controller.signal }),
      1_000,
    );
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toContain('check budget of 100 ms ran out');
    const already = await expectHttpError(
      client.send({ method: 'GET', url: `${server.origin}/json`, signal: AbortSignal.abort() }),
      1_000,
    );
    expect(already).toBeInstanceOf(HttpTimeoutError);
  });

  it('never lets a raw error escape, even for a URL it cannot send to', async () => {
    await expect(client.send({ method: 'GET', url: 'not a url' })).rejects.toBeInstanceOf(HttpConnectionError);
    await expect(client.send({ method: 'GET', url: 'file:///etc/passwd' })).rejects.toBeInstanceOf(HttpConnectionError);
  });

  it('keeps secrets out of error messages and records', async () => {
    const error = await expectHttpError(
      client.send({ method: 'GET', url: `${server.origin}/hang-headers?token=${TOKEN}` }),
      3_000,
    );
    expect(error.message).not.toContain(TOKEN);
    expectNoSecrets(error.record);
  });
});

async function waitUntil(condition: () => boolean, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
