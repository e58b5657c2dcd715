import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SecondServerModes } from './second-server-options.js';
import { startSecondServer } from './start-second-server.js';

const modes: SecondServerModes = { overMax: 'clamp', lastPageCursor: 'null', digest: 'hex', gateway: false };

describe('the second server', () => {
  it('asks for the bearer token and answers errors as problem+json', async () => {
    const server = await startSecondServer({ modes });
    try {
      const response = await fetch(`${server.url}/customers`, { headers: { authorization: 'Bearer wrong' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await server.close();
    }
  });

  it('answers every 5th request 429 with Retry-After: 0 behind the gateway', async () => {
    const server = await startSecondServer({ modes: { ...modes, gateway: true } });
    try {
      const statuses: number[] = [];
      for (let request = 0; request < 5; request += 1) {
        const response = await fetch(`${server.url}/products`, { headers: { authorization: `Bearer ${server.token}` } });
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get('retry-after')).toBe('0');
        await response.body?.cancel();
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await server.close();
    }
  });

  it('ends a delivery held by a hung subscriber, and its retries, when it closes', async () => {
    const held: IncomingMessage[] = [];
    const subscriber = createServer((req) => void held.push(req));
    await new Promise<void>((resolve) => subscriber.listen(0, '127.0.0.1', resolve));
    const server = await startSecondServer({ modes });
    try {
      const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
      const subscriberUrl = `http://127.0.0.1:${(subscriber.address() as AddressInfo).port}/hook`;
      await fetch(`${server.url}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: subscriberUrl, secret: 's' }) });
      await fetch(`${server.url}/customers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com' }) });
      await expect.poll(() => held.length).toBe(1);
      const started = performance.now();
      await server.close();
      expect(performance.now() - started).toBeLessThan(500);
      // Past the 200 ms time-out and the 30 ms wait: a retry would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(held).toHaveLength(1);
    } finally {
      await server.close();
      subscriber.closeAllConnections();
      await new Promise((resolve) => subscriber.close(resolve));
    }
  });
});
