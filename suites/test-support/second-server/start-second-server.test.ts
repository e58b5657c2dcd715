import { createHmac } from 'node:crypto';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bodyLimitBytes, type SecondServerModes } from './second-server-options.js';
import { receiverPath, startSecondServer, type RunningSecondServer } from './start-second-server.js';

const modes: SecondServerModes = {
  overMax: 'clamp',
  lastPageCursor: 'null',
  digest: 'hex',
  gateway: false,
  idStyle: 'numeric',
  oversized: 'answer-413',
  incompleteEvent: 'refuse',
  order: 'oldest-first',
};

/** POSTs a correctly signed delivery to the receiver: its status, or the transport error's code when no answer came. */
function deliver(server: RunningSecondServer, body: string): Promise<{ status: number } | { errorCode: string }> {
  const signature = `sha256=${createHmac('sha256', server.receiverSecret).update(body).digest('hex')}`;
  return new Promise((resolve) => {
    const outgoing = request(`${server.url}${receiverPath}`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-signature': signature,
      },
    });
    outgoing.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ errorCode: error.code ?? error.message }));
    outgoing.end(body);
  });
}

function eventBody(fields: Record<string, unknown>, padToBytes = 0): string {
  const json = JSON.stringify(fields);
  return json + ' '.repeat(Math.max(0, padToBytes - json.length));
}

const createEvent = { event: 'customer:created', id: 'evt_1', data: { id: 1 } };

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
        const response = await fetch(`${server.url}/products`, {
          headers: { authorization: `Bearer ${server.token}` },
        });
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
      await fetch(`${server.url}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: subscriberUrl, secret: 's' }),
      });
      await fetch(`${server.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com' }),
      });
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

  it.each([
    ['numeric', /^\d+$/],
    ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/],
  ] as const)('gives records %s ids and reads them back by them', async (idStyle, idPattern) => {
    const server = await startSecondServer({ modes: { ...modes, idStyle } });
    try {
      const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
      const created = await fetch(`${server.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com' }),
      });
      const { id } = (await created.json()) as { id: unknown };
      expect(typeof id).toBe(idStyle === 'numeric' ? 'number' : 'string');
      expect(String(id)).toMatch(idPattern);
      const read = await fetch(`${server.url}/customers/${String(id)}`, { headers });
      expect(((await read.json()) as { id: unknown }).id).toEqual(id);
    } finally {
      await server.close();
    }
  });

  it('answers a delivery above its limit 413, cuts the connection, or acknowledges it, as the oversized mode says', async () => {
    const oversizedBody = eventBody(createEvent, bodyLimitBytes + 1024);
    const answers: Record<string, unknown> = {};
    for (const oversized of ['answer-413', 'reset', 'accept'] as const) {
      const server = await startSecondServer({ modes: { ...modes, oversized } });
      try {
        answers[oversized] = await deliver(server, oversizedBody);
        // Whatever it does with a big one, a small delivery still gets its 202.
        expect(await deliver(server, eventBody({ ...createEvent, id: 'evt_2' }))).toEqual({ status: 202 });
      } finally {
        await server.close();
      }
    }
    expect(answers['answer-413']).toEqual({ status: 413 });
    expect(answers['reset']).toEqual({ errorCode: expect.stringMatching(/^(ECONNRESET|EPIPE)$/) as unknown });
    expect(answers['accept']).toEqual({ status: 202 });
  });

  it('refuses an event lacking data or event with 400, or acknowledges it, as the incomplete-event mode says', async () => {
    for (const [incompleteEvent, status] of [
      ['refuse', 400],
      ['accept', 202],
    ] as const) {
      const server = await startSecondServer({ modes: { ...modes, incompleteEvent } });
      try {
        expect(await deliver(server, eventBody({ event: 'customer:created', id: 'evt_3' }))).toEqual({ status });
        expect(await deliver(server, eventBody({ id: 'evt_4', data: {} }))).toEqual({ status });
        // Not an event object at all: refused in both modes.
        expect(await deliver(server, '[1, 2]')).toEqual({ status: 400 });
      } finally {
        await server.close();
      }
    }
  });
});
