import { describe, expect, it } from 'vitest';
import { HttpThrottledError } from '../errors.js';
import { fakeClient } from '../runner/test-support/fake-runner-parts.js';
import { withConcurrencyLimit } from './concurrency-limit.js';
import { withThrottling } from './throttled-client.js';

const policy = { maxRetries: 3, maxWaitMs: 1000, backoffMs: 20 };
const get = { method: 'GET', url: 'http://127.0.0.1:9/customers' };

describe('withThrottling', () => {
  it('waits as long as a 429 asks, sends again, and hands the check only the real answer', async () => {
    let calls = 0;
    const { client, sent } = fakeClient(() =>
      ++calls === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { status: 200, json: { items: [] } },
    );
    const waits: number[] = [];
    const throttled = withThrottling(client, { ...policy, onWait: (waitMs) => waits.push(waitMs) });
    const exchange = await throttled.send(get);
    expect(exchange.response.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(exchange.record.note).toMatch(/sent 2 times: the target throttled it 1 time/);
    expect(throttled.stats()).toMatchObject({ throttledAnswers: 1 });
    expect(waits).toEqual([0]);
  });

  it('backs off by doubling when a 429 gives no Retry-After', async () => {
    let calls = 0;
    const { client } = fakeClient(() => (++calls <= 2 ? { status: 429 } : { status: 200 }));
    const throttled = withThrottling(client, policy);
    const started = performance.now();
    await throttled.send(get);
    // 20 ms, then 40 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    // Each wait gets up to 50 ms of random spread on top.
    const stats = throttled.stats();
    expect(stats).toMatchObject({ throttledAnswers: 2, pacedMs: 0 });
    expect(stats.waitedMs).toBeGreaterThanOrEqual(60);
    expect(stats.waitedMs).toBeLessThanOrEqual(160);
  });

  it('holds every request back while one waits out a Retry-After, so a throttled target is not knocked on by the others', async () => {
    const seenAt: number[] = [];
    let calls = 0;
    const { client } = fakeClient(() => {
      seenAt.push(performance.now());
      return ++calls === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 };
    });
    const throttled = withThrottling(client, { ...policy, maxWaitMs: 2_000 });
    const first = throttled.send(get);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await Promise.all([first, throttled.send(get)]);
    // The second request came after the first was throttled, so it waited out the same second.
    expect(seenAt[1]! - started).toBeGreaterThanOrEqual(900);
  });

  it('waits out a 503 that says when to come back, and hands on one that does not, for the check to judge', async () => {
    let calls = 0;
    const { client, sent } = fakeClient(() =>
      ++calls === 1 ? { status: 503, headers: { 'retry-after': '0' } } : { status: 503 },
    );
    const exchange = await withThrottling(client, policy).send(get);
    expect(exchange.response.status).toBe(503);
    expect(sent).toHaveLength(2);
  });

  it('errors, never answers, when the target stays throttled past the retries', async () => {
    const { client, sent } = fakeClient(() => ({ status: 429, headers: { 'retry-after': '0' } }));
    const error = await withThrottling(client, policy)
      .send(get)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(HttpThrottledError);
    expect((error as HttpThrottledError).message).toMatch(/still answered 429 after 3 retries; set --rate-limit/);
    expect((error as HttpThrottledError).record?.response?.status).toBe(429);
    expect(sent).toHaveLength(4);
  });

  it('errors at once when the target asks for a longer wait than apicert allows', async () => {
    const { client, sent } = fakeClient(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const error = await withThrottling(client, policy)
      .send(get)
      .catch((thrown: unknown) => thrown);
    expect((error as Error).message).toMatch(
      /asked to wait 3600 s \(Retry-After\), more than apicert waits \(1000 ms\)/,
    );
    expect(sent).toHaveLength(1);
  });

  it('stops waiting when the request is aborted', async () => {
    const { client } = fakeClient(() => ({ status: 429, headers: { 'retry-after': '1' } }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('check budget spent')), 30);
    const started = performance.now();
    const throttled = withThrottling(client, policy);
    await expect(throttled.send({ ...get, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    // The wait was cut short, so it is not counted as waited.
    expect(throttled.stats()).toMatchObject({ throttledAnswers: 1, waitedMs: 0 });
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('never sends a POST or PATCH again after a 503 with Retry-After, which a gateway may have let through, nor gives it to the check to judge', async () => {
    for (const method of ['POST', 'PATCH']) {
      const { client, sent } = fakeClient(() => ({ status: 503, headers: { 'retry-after': '0' } }));
      const thrown = await withThrottling(client, policy)
        .send({ ...get, method })
        .catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(HttpThrottledError);
      expect(thrown).toMatchObject({ mayHaveBeenApplied: true, resendAfterMs: 0, code: 'APICERT_HTTP_THROTTLED' });
      expect((thrown as HttpThrottledError).record?.response?.status).toBe(503);
      expect(sent).toHaveLength(1);
    }
    // Asked to wait longer than apicert waits: not to be sent again at all.
    const { client: closed } = fakeClient(() => ({ status: 503, headers: { 'retry-after': '3600' } }));
    await expect(withThrottling(closed, policy).send({ ...get, method: 'POST' })).rejects.toMatchObject({
      mayHaveBeenApplied: true,
      resendAfterMs: undefined,
    });
    // Without Retry-After a 503 is an answer, for the check to judge.
    const { client: failing } = fakeClient(() => ({ status: 503 }));
    expect((await withThrottling(failing, policy).send({ ...get, method: 'POST' })).response.status).toBe(503);
  });

  it('gives a request the caller judges itself its throttled answer as it came, sent once', async () => {
    const { client: limited, sent: delivered } = fakeClient(() => ({ status: 429, headers: { 'retry-after': '0' } }));
    expect(
      (await withThrottling(limited, policy).send({ ...get, method: 'POST', waitsOutThrottling: false })).response
        .status,
    ).toBe(429);
    expect(delivered).toHaveLength(1);
  });

  it('spaces requests to stay under the rate limit, concurrent ones included', async () => {
    const { client } = fakeClient(() => ({ status: 200 }));
    const throttled = withThrottling(client, { ...policy, rateLimit: 50 });
    const started = performance.now();
    await Promise.all([1, 2, 3, 4, 5].map(() => throttled.send(get)));
    // Five requests at 50 per second: the fifth leaves 80 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(throttled.stats().pacedMs).toBeGreaterThan(0);
    expect(throttled.stats().throttledAnswers).toBe(0);
  });

  it('gets every request through a gateway that refuses every fifth one, eight at a time: retries go alone while new requests wait', async () => {
    let count = 0;
    const { client } = fakeClient(() =>
      ++count % 5 === 0 ? { status: 429, headers: { 'retry-after': '0' }, delayMs: 1 } : { status: 200, delayMs: 1 },
    );
    const limited = withConcurrencyLimit(withThrottling(client, { maxRetries: 2, maxWaitMs: 1000, backoffMs: 1 }), 8);
    const exchanges = await Promise.all(Array.from({ length: 200 }, () => limited.send(get)));
    expect(exchanges.every((exchange) => exchange.response.status === 200)).toBe(true);
  });
});
