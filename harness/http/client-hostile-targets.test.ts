// The HTTP client against hostile local targets: hangs, endless bodies, resets, broken JSON, echoed secrets.
import { describe, expect, it } from 'vitest';
import { HttpBodyTooLargeError, HttpConnectionError, HttpHeadersTooLargeError, HttpTimeoutError } from '../errors.js';
import { isConnectionRefused } from './client.js';
import { REDACTED } from './redact.js';
import { findClosedPort } from './test-support/local-server.js';
import {
  MiB,
  TOKEN,
  endlessStreams,
  expectHttpError,
  expectNoSecrets,
  target,
  useClientTarget,
  waitUntil,
} from './test-support/client-target.js';

useClientTarget();

describe('hostile targets', () => {
  it('times out a target that never sends headers, with the budget in the message', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/hang-headers` }),
      3_000,
    );
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.code).toBe('APICERT_HTTP_TIMEOUT');
    expect(error.message).toBe(
      `no response headers within 300 ms from GET ${target.server.origin}/hang-headers; raise budgets.requestTimeoutMs if the target is slow`,
    );
    expect(error.record?.response).toBeUndefined();
    expect(error.record?.error?.code).toBe('APICERT_HTTP_TIMEOUT');
  });

  it('names headers past 64 KiB as such, an answer not read, and reads a real site’s large ones', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'POST', url: `${target.server.origin}/huge-headers`, body: '{}' }),
      3_000,
    );
    expect(error).toBeInstanceOf(HttpHeadersTooLargeError);
    expect(error.code).toBe('APICERT_HTTP_HEADERS_TOO_LARGE');
    expect(error.message).toBe(
      `the answer to POST ${target.server.origin}/huge-headers has headers over 64 KiB, more than apicert reads (UND_ERR_HEADERS_OVERFLOW); its status and body were not read`,
    );
    const large = await target.client.send({
      method: 'POST',
      url: `${target.server.origin}/large-headers`,
      body: '{}',
    });
    expect(large.response.status).toBe(201);
  });

  it('times out a body that never ends and keeps what arrived as evidence', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/hang-body` }),
      3_000,
    );
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(/^response body stalled for 300 ms/);
    expect(error.record?.response?.status).toBe(200);
    expect(error.record?.response?.body?.text).toBe('{"items": [');
  });

  it('bounds a body trickled a byte at a time, which no idle time-out catches', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/trickle` }),
      3_000,
    );
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(/^exchange not complete within 1000 ms from GET /);
  });

  it('aborts a 1 GB body at the cap, quickly, with memory flat', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/endless` }),
      3_000,
    );
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
      target.client.send({ method: 'GET', url: `${target.server.origin}/endless-secret-at-cut` }),
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
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/declared-huge` }),
      2_000,
    );
    expect(error).toBeInstanceOf(HttpBodyTooLargeError);
    expect(error.message).toMatch(/^response declares Content-Length 2097152/);
    expect(error.record?.response?.status).toBe(200);
  });

  it('reports a connection reset mid-body as a connection error', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/reset-mid-body` }),
      2_000,
    );
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.message).toMatch(/after status 200 and 15 body bytes/);
    expect(error.record?.response?.body?.text).toBe('{"items": [1, 2');
    expect(isConnectionRefused(error)).toBe(false);
  });

  it('reports a connection closed before any header as a connection error', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/reset-before-headers` }),
      2_000,
    );
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.message).toContain('before response headers');
  });

  it('reports a closed port as refused, so the runner can exit with code 3', async () => {
    const port = await findClosedPort();
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `http://127.0.0.1:${port}/x` }),
      2_000,
    );
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
      target.client.send({ method: 'GET', url: `${target.server.origin}/hang-headers`, signal: controller.signal }),
      1_000,
    );
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toContain('check budget of 100 ms ran out');
    const already = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/json`, signal: AbortSignal.abort() }),
      1_000,
    );
    expect(already).toBeInstanceOf(HttpTimeoutError);
  });

  it('never lets a raw error escape, even for a URL it cannot send to', async () => {
    await expect(target.client.send({ method: 'GET', url: 'not a url' })).rejects.toBeInstanceOf(HttpConnectionError);
    await expect(target.client.send({ method: 'GET', url: 'file:///etc/passwd' })).rejects.toBeInstanceOf(
      HttpConnectionError,
    );
  });

  it('keeps secrets out of error messages and records', async () => {
    const error = await expectHttpError(
      target.client.send({ method: 'GET', url: `${target.server.origin}/hang-headers?token=${TOKEN}` }),
      3_000,
    );
    expect(error.message).not.toContain(TOKEN);
    expectNoSecrets(error.record);
  });
});
