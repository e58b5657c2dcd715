// A path with a dot segment ("." or "..", also percent-encoded) would reach a neighbouring resource
// once any URL parser folds it (an id of ".." turns /widgets/.. into /): the client never sends one,
// and the breaker counts it neither as the target's silence nor as its answer.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpPathRefusedError } from '../errors.js';
import { createHttpClient } from './client.js';
import { options } from './test-support/client-target.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';
import { withUnansweredBreaker } from './unanswered-breaker.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a path with a dot segment', () => {
  it('is never sent, and counts neither as silence nor as an answer', async () => {
    let received = 0;
    server = await startLocalServer((_req, res) => {
      received += 1;
      res.end('{}');
    });
    const client = createHttpClient({ ...options, credential: undefined });
    const breaker = withUnansweredBreaker(client, { targetOrigin: server.origin, limit: 1, requestTimeoutMs: 1000 });
    for (const path of ['/widgets/..', '/widgets/%2E', '/a/./b'])
      await expect(breaker.send({ method: 'DELETE', url: `${server.origin}${path}` })).rejects.toBeInstanceOf(
        HttpPathRefusedError,
      );
    expect(received).toBe(0);
    expect(breaker.stopped.aborted).toBe(false);
    await client.close();
  });
});

describe('a write to a URL the config does not describe', () => {
  it('is never sent, nor is a write a redirect points there; reads go wherever they are sent', async () => {
    const received: string[] = [];
    server = await startLocalServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      if (req.url === '/widgets/moved') {
        res.writeHead(307, { location: '/admin' });
        return void res.end();
      }
      res.end('{}');
    });
    const origin = server.origin;
    const client = createHttpClient({
      ...options,
      credential: undefined,
      followRedirects: true,
      refusesWrite: (method, url) =>
        method === 'GET' || /^\/widgets(\/[^/]+)?$/.test(new URL(url).pathname)
          ? undefined
          : `${method} ${new URL(url).pathname} was not sent`,
    });
    await expect(client.send({ method: 'DELETE', url: `${origin}/` })).rejects.toThrow(
      new HttpPathRefusedError('DELETE / was not sent'),
    );
    await expect(client.send({ method: 'POST', url: `${origin}/widgets/moved`, body: '{}' })).rejects.toBeInstanceOf(
      HttpPathRefusedError,
    );
    expect((await client.send({ method: 'GET', url: `${origin}/admin` })).response.status).toBe(200);
    expect(received).toEqual(['POST /widgets/moved', 'GET /admin']);
    await client.close();
  });
});
