// Servers and proxies close keep-alive connections left idle, often without a hint. A request that
// meets such a connection is lost before any answer, though the target would answer it on a new one:
// an idempotent request is sent again on a new connection, a write goes out only on a connection too
// recently used to be closing, and only failures on new connections count as the target's silence.
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpConnectionError, TargetStoppedAnsweringError } from '../errors.js';
import { createHttpClient, idleConnectionMs } from './client.js';
import type { HttpClient } from './http-types.js';
import { startIdleClosingProxy, type IdleClosingProxy } from './test-support/idle-closing-proxy.js';
import { options } from './test-support/client-target.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';
import { withUnansweredBreaker } from './unanswered-breaker.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A target that answers every request, counting them by method; behind a proxy that drops idle connections. */
async function targetBehind(idleMs: number): Promise<{ proxy: IdleClosingProxy; received: string[] }> {
  const received: string[] = [];
  const server: LocalServer = await startLocalServer((req, res) => {
    received.push(req.method ?? '');
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  // The target itself keeps connections as long as the proxy lets it.
  server.server.keepAliveTimeout = 60_000;
  opened.push(server);
  const proxy = await startIdleClosingProxy(server.origin, 'drop', idleMs);
  opened.push(proxy);
  return { proxy, received };
}

function client(): HttpClient {
  const made = createHttpClient({ ...options, credential: undefined });
  opened.push(made);
  return made;
}

describe('connections the target closes while idle', () => {
  it('sends a read lost on a kept connection once more, on a new one, and says so in the record', async () => {
    const { proxy, received } = await targetBehind(100);
    const http = client();
    expect((await http.send({ method: 'GET', url: `${proxy.url}/a` })).response.status).toBe(200);
    await delay(180);
    const again = await http.send({ method: 'GET', url: `${proxy.url}/a` });
    expect(again.response.status).toBe(200);
    expect(again.record.note).toMatch(/sent again on a new connection/);
    // The first attempt met the dropped connection; the target answered both requests it received.
    expect(proxy.stats().resetOnReuse).toBe(1);
    expect(received).toEqual(['GET', 'GET']);
  });

  it('does the same for PUT and DELETE, which may be sent twice (RFC 9110 9.2.2)', async () => {
    const { proxy, received } = await targetBehind(100);
    const http = client();
    await http.send({ method: 'GET', url: `${proxy.url}/a` });
    await delay(180);
    expect((await http.send({ method: 'PUT', url: `${proxy.url}/a`, body: '{}' })).response.status).toBe(200);
    await http.send({ method: 'GET', url: `${proxy.url}/a` });
    await delay(180);
    expect((await http.send({ method: 'DELETE', url: `${proxy.url}/a` })).response.status).toBe(200);
    expect(proxy.stats().resetOnReuse).toBe(2);
    expect(received).toEqual(['GET', 'PUT', 'GET', 'DELETE']);
  });

  it('sends a write only on a connection used too recently to be closing', async () => {
    // Idle 300 ms is enough for the proxy; the pool lets its connections go sooner.
    expect(idleConnectionMs).toBeLessThan(300);
    const { proxy, received } = await targetBehind(300);
    const http = client();
    for (const method of ['POST', 'PATCH', 'POST']) {
      expect((await http.send({ method, url: `${proxy.url}/a`, body: '{}' })).response.status).toBe(200);
      await delay(400);
    }
    expect(proxy.stats().resetOnReuse).toBe(0);
    expect(received).toEqual(['POST', 'PATCH', 'POST']);
  });

  it('never sends a lost write again itself: the error says it was lost on a kept connection', async () => {
    // A proxy quicker than the pool lets its connections go.
    const { proxy, received } = await targetBehind(100);
    const http = client();
    await http.send({ method: 'POST', url: `${proxy.url}/a`, body: '{}' });
    await delay(180);
    const lost = await http
      .send({ method: 'PATCH', url: `${proxy.url}/a`, body: '{}' })
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(HttpConnectionError);
    expect((lost as HttpConnectionError).onReusedConnection).toBe(true);
    expect((lost as HttpConnectionError).message).toMatch(
      /before any answer to PATCH .* kept from an earlier exchange/,
    );
    expect(received).toEqual(['POST']);
  });

  it('counts only failures on new connections towards "the target stopped answering"', async () => {
    const { proxy } = await targetBehind(100);
    const breaker = withUnansweredBreaker(client(), {
      targetOrigin: proxy.url,
      limit: 1,
      requestTimeoutMs: 1000,
    });
    await breaker.send({ method: 'POST', url: `${proxy.url}/a`, body: '{}' });
    await delay(180);
    await expect(breaker.send({ method: 'POST', url: `${proxy.url}/a`, body: '{}' })).rejects.toBeInstanceOf(
      HttpConnectionError,
    );
    expect(breaker.stopped.aborted).toBe(false);

    // A target that resets every new connection is silent, and stops the run at once.
    const resetting = await startLocalServer((req) => req.socket.resetAndDestroy());
    opened.push(resetting);
    const silent = withUnansweredBreaker(client(), {
      targetOrigin: resetting.origin,
      limit: 1,
      requestTimeoutMs: 1000,
    });
    const error = await silent.send({ method: 'GET', url: `${resetting.origin}/a` }).catch((e: unknown) => e);
    expect((error as HttpConnectionError).onReusedConnection).toBe(false);
    expect(silent.stopped.aborted).toBe(true);
    expect(silent.stopped.reason).toBeInstanceOf(TargetStoppedAnsweringError);
  });

  it('does not send again a request reset on a connection of its own', async () => {
    let received = 0;
    const resetting = await startLocalServer((req) => {
      received += 1;
      req.socket.resetAndDestroy();
    });
    opened.push(resetting);
    const error = await client()
      .send({ method: 'GET', url: `${resetting.origin}/a` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(received).toBe(1);
  });
});
