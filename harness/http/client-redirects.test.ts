// Redirects: a 3xx is an answer unless following is on, and even then the credential never leaves
// its origin. The "other origin" is a second local server on another port, which records all it sees.
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRedirectBlockedError } from '../errors.js';
import { createHttpClient } from './client.js';
import type { Credential, HttpClientOptions } from './http-types.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';

const TOKEN = 'redirect-test-token-9f8e7d';

/** Everything that reached the other origin. */
const reachedOther: IncomingHttpHeaders[] = [];
/** What the origin saw: method, path, the credential headers and body. */
const reachedOrigin: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: string }> = [];

let origin: LocalServer;
let other: LocalServer;

beforeAll(async () => {
  other = await startLocalServer((req, res) => {
    reachedOther.push(req.headers);
    res.end('{"stolen":true}');
  });
  origin = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      reachedOrigin.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (path === '/to-other') {
        res.writeHead(302, { location: `${other.origin}/collect` });
        res.end();
      } else if (path === '/to-same') {
        res.writeHead(302, { location: '/final' });
        res.end();
      } else if (path === '/post-303') {
        res.writeHead(303, { location: '/final' });
        res.end();
      } else if (path === '/keep-307') {
        res.writeHead(307, { location: '/final' });
        res.end();
      } else if (path.startsWith('/loop')) {
        res.writeHead(301, { location: `/loop${path.length}` });
        res.end();
      } else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ final: path }));
      }
    });
  });
});

afterAll(async () => {
  await origin.close();
  await other.close();
});

function optionsFor(credential: Credential, followRedirects: boolean): HttpClientOptions {
  return {
    connectTimeoutMs: 1_000,
    headersTimeoutMs: 1_000,
    bodyTimeoutMs: 1_000,
    exchangeTimeoutMs: 1_000,
    maxResponseBytes: 1024 * 1024,
    evidenceBodyBytes: 1024,
    followRedirects,
    maxRedirects: 3,
    credential,
    secrets: [],
  };
}

const credentials: Credential[] = [
  { header: 'Authorization', value: `Bearer ${TOKEN}`, curlValue: 'Bearer $APICERT_TOKEN' },
  { header: 'X-Api-Key', value: TOKEN, curlValue: '$APICERT_TOKEN' },
];

describe.each(credentials)('a cross-origin redirect with the credential in $header', (credential) => {
  it('is returned as a 302 when redirects are off, and the other origin sees nothing', async () => {
    const client = createHttpClient(optionsFor(credential, false));
    try {
      reachedOther.length = 0;
      const { response, record } = await client.send({ method: 'GET', url: `${origin.origin}/to-other` });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`${other.origin}/collect`);
      expect(JSON.stringify(record)).not.toContain(TOKEN);
      expect(reachedOrigin.at(-1)?.headers[credential.header.toLowerCase()]).toBe(credential.value);
      expect(reachedOther).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('is blocked when redirects are on, naming the origin and not the credential', async () => {
    const client = createHttpClient(optionsFor(credential, true));
    try {
      reachedOther.length = 0;
      const error = await client
        .send({ method: 'GET', url: `${origin.origin}/to-other` })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(HttpRedirectBlockedError);
      const blocked = error as HttpRedirectBlockedError;
      expect(blocked.code).toBe('APICERT_HTTP_REDIRECT_BLOCKED');
      expect(blocked.message).toContain(`another origin (${other.origin})`);
      expect(blocked.message).not.toContain(TOKEN);
      expect(blocked.record?.response?.status).toBe(302);
      expect(blocked.record?.error?.code).toBe('APICERT_HTTP_REDIRECT_BLOCKED');
      expect(JSON.stringify(blocked.record)).not.toContain(TOKEN);
      expect(reachedOther).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('is blocked for a wrong credential as well', async () => {
    const client = createHttpClient(optionsFor(credential, true));
    try {
      reachedOther.length = 0;
      await expect(
        client.send({ method: 'GET', url: `${origin.origin}/to-other`, credential: 'wrong' }),
      ).rejects.toBeInstanceOf(HttpRedirectBlockedError);
      expect(reachedOther).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('a same-origin redirect', () => {
  const [bearer] = credentials as [Credential];

  it('is returned as is when redirects are off', async () => {
    const client = createHttpClient(optionsFor(bearer, false));
    try {
      const before = reachedOrigin.length;
      const { response } = await client.send({ method: 'GET', url: `${origin.origin}/to-same` });
      expect(response.status).toBe(302);
      expect(reachedOrigin.slice(before).map((entry) => entry.path)).toEqual(['/to-same']);
    } finally {
      await client.close();
    }
  });

  it('is followed when redirects are on, with the credential, and the record says from where', async () => {
    const client = createHttpClient(optionsFor(bearer, true));
    try {
      const before = reachedOrigin.length;
      const { response, record } = await client.send({ method: 'GET', url: `${origin.origin}/to-same`, note: 'fetch' });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ final: '/final' });
      const hops = reachedOrigin.slice(before);
      expect(hops.map((entry) => entry.path)).toEqual(['/to-same', '/final']);
      expect(hops[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(record.request.url).toBe(`${origin.origin}/final`);
      expect(record.note).toBe(`fetch; redirected from ${origin.origin}/to-same`);
    } finally {
      await client.close();
    }
  });

  it('turns a POST answered by 303 into a GET without the body, and keeps POST and body on 307', async () => {
    const client = createHttpClient(optionsFor(bearer, true));
    try {
      const before = reachedOrigin.length;
      const headers = { 'content-type': 'application/json' };
      await client.send({ method: 'POST', url: `${origin.origin}/post-303`, headers, body: '{"a":1}' });
      await client.send({ method: 'POST', url: `${origin.origin}/keep-307`, headers, body: '{"b":2}' });
      const hops = reachedOrigin.slice(before).map(({ method, path, body, headers: seen }) => ({
        method,
        path,
        body,
        type: seen['content-type'],
      }));
      expect(hops).toEqual([
        { method: 'POST', path: '/post-303', body: '{"a":1}', type: 'application/json' },
        { method: 'GET', path: '/final', body: '', type: undefined },
        { method: 'POST', path: '/keep-307', body: '{"b":2}', type: 'application/json' },
        { method: 'POST', path: '/final', body: '{"b":2}', type: 'application/json' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('stops a redirect loop after maxRedirects', async () => {
    const client = createHttpClient(optionsFor(bearer, true));
    try {
      const before = reachedOrigin.length;
      const error = await client
        .send({ method: 'GET', url: `${origin.origin}/loop` })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(HttpRedirectBlockedError);
      expect((error as Error).message).toMatch(/^more than 3 redirects from GET/);
      expect(reachedOrigin.length - before).toBe(4);
    } finally {
      await client.close();
    }
  });
});
