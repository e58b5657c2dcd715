import { describe, expect, it } from 'vitest';
import { fakeClient } from '../runner/test-support/fake-runner-parts.js';
import { withConcurrencyLimit } from './concurrency-limit.js';
import type { HttpClient } from './http-types.js';

const get = (path: string, signal?: AbortSignal) => ({
  method: 'GET',
  url: `http://127.0.0.1:9${path}`,
  ...(signal !== undefined ? { signal } : {}),
});

describe('withConcurrencyLimit', () => {
  it('keeps at most the limit in flight, and sends the waiting requests in the order they came', async () => {
    let inFlight = 0;
    let peak = 0;
    const { client: answering, sent } = fakeClient(() => ({ status: 200, delayMs: 10 }));
    // Counted around the whole send, so the count is exact whatever the timers do.
    const client: HttpClient = {
      async send(request) {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        try {
          return await answering.send(request);
        } finally {
          inFlight -= 1;
        }
      },
      close: () => answering.close(),
    };
    const limited = withConcurrencyLimit(client, 3);
    await Promise.all(Array.from({ length: 10 }, (_, index) => limited.send(get(`/r${index}`))));
    expect(peak).toBe(3);
    expect(limited.peakInFlight()).toBe(3);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(
      Array.from({ length: 10 }, (_, index) => `/r${index}`),
    );
  });

  it("gives a freed slot to the lane with the fewest in flight: one check's chain is not queued behind another's burst", async () => {
    const { client, sent } = fakeClient(() => ({ status: 200, delayMs: 10 }));
    const limited = withConcurrencyLimit(client, 2);
    const burst = Array.from({ length: 6 }, (_, index) => limited.send({ ...get(`/burst${index}`), lane: 'burst' }));
    // Came last, but its lane has nothing in flight: it goes at the first freed slot, and its next
    // request (sent once the first is answered) again before the rest of the burst.
    const chain = (async () => {
      await limited.send({ ...get('/chain0'), lane: 'chain' });
      await limited.send({ ...get('/chain1'), lane: 'chain' });
    })();
    await Promise.all([...burst, chain]);
    const order = sent.map((request) => new URL(request.url).pathname);
    expect(order.slice(0, 3)).toEqual(['/burst0', '/burst1', '/chain0']);
    expect(order.indexOf('/chain1')).toBeLessThan(order.indexOf('/burst4'));
    // Within a lane, the order they came.
    expect(order.filter((path) => path.startsWith('/burst'))).toEqual(
      Array.from({ length: 6 }, (_, index) => `/burst${index}`),
    );
  });

  it('drops a waiting request whose signal aborts, without sending it', async () => {
    const { client, sent } = fakeClient(() => ({ status: 200, delayMs: 20 }));
    const limited = withConcurrencyLimit(client, 1);
    const controller = new AbortController();
    const first = limited.send(get('/first'));
    const second = limited.send(get('/second', controller.signal));
    controller.abort(new Error('check ended'));
    await expect(second).rejects.toThrow('check ended');
    await first;
    expect(sent.map((request) => request.url)).toEqual(['http://127.0.0.1:9/first']);
  });

  it('sends one after another with a limit of 1', async () => {
    const order: string[] = [];
    const { client } = fakeClient(
      (request) => (order.push(`start ${request.url.slice(-2)}`), { status: 200, delayMs: 5 }),
    );
    const limited = withConcurrencyLimit(client, 1);
    await Promise.all([limited.send(get('/a')), limited.send(get('/b'))]);
    expect(order).toEqual(['start /a', 'start /b']);
    expect(limited.peakInFlight()).toBe(1);
  });
});
