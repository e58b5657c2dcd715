import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrowingSecrets } from '../http/growing-secrets.js';
import type { SinkDelivery, WebhookSink } from './sink-types.js';
import { startWebhookSink } from './webhook-sink.js';

import { baseOptions, event, post, secret } from './test-support/sink-requests.js';

async function postForHeaders(url: string, body: string): Promise<{ status: number; location: unknown }> {
  const agent = new Agent({ pipelining: 0 });
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(5000),
    });
    await response.body.dump();
    return { status: response.statusCode, location: response.headers.location };
  } finally {
    await agent.destroy();
  }
}

describe('webhook sink', () => {
  let sink: WebhookSink;

  beforeAll(async () => {
    sink = await startWebhookSink(baseOptions);
  });

  afterAll(async () => {
    await sink.close();
  });

  it('captures the exact bytes, headers and arrival time, and answers 2xx by default', async () => {
    const channel = sink.openChannel();
    expect(channel.url).toMatch(new RegExp(`^${sink.url}/apicert-sink/[0-9a-f]{24}$`));
    const raw = Buffer.from('{ "event":"a",  "id":"evt_raw", "data":{"name":"Zo\\u00eb é"} }');
    const before = performance.now();
    const answer = await post(channel.url, raw, { headers: { 'x-signature': 'sha256=abc', 'x-many': 'one' } });
    expect(answer.status).toBe(200);
    const [delivery] = channel.deliveries();
    expect(delivery!.body.equals(raw)).toBe(true);
    expect(delivery!.bodyBytes).toBe(raw.length);
    expect(delivery!.method).toBe('POST');
    expect(delivery!.headers['x-signature']).toBe('sha256=abc');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.eventId).toBe('evt_raw');
    expect(delivery!.receivedAtMs).toBeGreaterThanOrEqual(before);
    expect(Date.parse(delivery!.receivedAt)).not.toBeNaN();
    expect(delivery!.answer).toMatchObject({ state: 'answered', status: 200, late: false });
  });

  it("keeps each channel's deliveries apart, refuses unknown channels and quietly acknowledges closed ones", async () => {
    const first = sink.openChannel();
    const second = sink.openChannel();
    await post(first.url, event('evt_one'));
    expect(first.deliveries()).toHaveLength(1);
    expect(second.deliveries()).toHaveLength(0);
    expect((await post(`${sink.url}/apicert-sink/${'0'.repeat(24)}`, event('evt_x'))).status).toBe(404);
    expect((await post(`${sink.url}/elsewhere`, event('evt_x'))).status).toBe(404);
    first.close();
    second.close();
    expect((await post(first.url, event('evt_two'))).status).toBe(200);
    // Closing released what the channel kept, and a late delivery is not kept at all.
    expect(first.deliveries()).toHaveLength(0);
    expect(first.keptBytes()).toBe(0);
  });

  it('fails the first N deliveries of each event id with 5xx, then answers 2xx', async () => {
    const channel = sink.openChannel({ kind: 'fail-first', failures: 2 });
    const statuses = [];
    for (const id of ['evt_a', 'evt_b', 'evt_a', 'evt_a', 'evt_b', 'evt_b'])
      statuses.push((await post(channel.url, event(id))).status);
    expect(statuses).toEqual([503, 503, 503, 200, 503, 200]);
    expect(channel.deliveries().map((d) => d.attemptOfEvent)).toEqual([1, 1, 2, 3, 2, 3]);
  });

  it('fails the first delivery of each new event in the next scripted way, and answers its retries 2xx', async () => {
    const channel = sink.openChannel({
      kind: 'fail-first-each',
      failures: [
        { kind: 'status', status: 404 },
        { kind: 'status', status: 307 },
        { kind: 'close' },
        { kind: 'reset' },
      ],
    });
    const path = new URL(channel.url).pathname;
    expect((await post(channel.url, event('evt_a'))).status).toBe(404);
    expect(await postForHeaders(channel.url, event('evt_b'))).toEqual({ status: 307, location: path });
    await expect(post(channel.url, event('evt_c'))).rejects.toThrow();
    await expect(post(channel.url, event('evt_d'))).rejects.toThrow(/reset|ECONNRESET/i);
    for (const id of ['evt_a', 'evt_b', 'evt_c', 'evt_d'])
      expect((await post(channel.url, event(id))).status).toBe(200);
    const answers = channel.deliveries().map((delivery) => delivery.answer);
    expect(answers.slice(0, 4)).toEqual([
      expect.objectContaining({ state: 'answered', status: 404 }),
      expect.objectContaining({ state: 'answered', status: 307 }),
      expect.objectContaining({ state: 'destroyed', isReset: false }),
      expect.objectContaining({ state: 'destroyed', isReset: true }),
    ]);
  });

  it("holds the answer past a sender's time-out and records that the sender gave up", async () => {
    const channel = sink.openChannel({ kind: 'hold-first', holds: 1, holdMs: 2000, afterHold: 'answer' });
    await expect(post(channel.url, event('evt_held'), { timeoutMs: 500 })).rejects.toThrow();
    expect(await channel.waitFor((d) => d[0]?.answer.state === 'sender-closed', 2000)).toBe(true);
    const answer = channel.deliveries()[0]!.answer;
    expect(answer.state).toBe('sender-closed');
    if (answer.state === 'sender-closed') {
      // The client's 500 ms starts before it connects; the sink counts from the request's arrival.
      expect(answer.afterMs).toBeGreaterThanOrEqual(250);
      expect(answer.afterMs).toBeLessThan(1900);
    }
    // The retry is the second attempt of the event: answered at once.
    expect((await post(channel.url, event('evt_held'))).status).toBe(200);
  });

  it('answers late to a sender that keeps waiting, or cuts the connection when told to', async () => {
    const late = sink.openChannel({ kind: 'hold-first', holds: 1, holdMs: 150, afterHold: 'answer' });
    const started = performance.now();
    expect((await post(late.url, event('evt_late'))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(late.deliveries()[0]!.answer).toMatchObject({ state: 'answered', status: 200, late: true });

    const cut = sink.openChannel({ kind: 'hold-first', holds: 1, holdMs: 100, afterHold: 'destroy' });
    await expect(post(cut.url, event('evt_cut'))).rejects.toThrow();
    expect(cut.deliveries()[0]!.answer.state).toBe('destroyed');
  });

  it('caps the body: keeps maxBodyBytes, answers 413 and records the real size', async () => {
    const channel = sink.openChannel();
    const big = Buffer.alloc(5000, 'a');
    expect((await post(channel.url, big)).status).toBe(413);
    // No content-length: the cap must hold while streaming, not only for a declared size.
    const chunked = Readable.from(Array.from({ length: 5 }, () => Buffer.alloc(600, 'b')));
    const agent = new Agent();
    try {
      const answer = await request(channel.url, {
        method: 'POST',
        body: chunked,
        dispatcher: agent,
        signal: AbortSignal.timeout(5000),
      }).then(
        (response) => response.statusCode,
        () => 'cut',
      );
      // Node may answer before the whole body is sent; either the 413 arrives or the cut connection does.
      expect([413, 'cut']).toContain(answer);
    } finally {
      await agent.destroy();
    }
    expect(await channel.waitFor((d) => d.length === 2, 2000)).toBe(true);
    const [declared, streamed] = channel.deliveries();
    expect(declared).toMatchObject({ bodyBytes: 5000, isBodyTruncated: true });
    expect(declared!.body.length).toBe(0);
    expect(streamed!.isBodyTruncated).toBe(true);
    expect(streamed!.body.length).toBe(1024);
    expect(streamed!.bodyBytes).toBeGreaterThan(1024);
    expect(streamed!.eventId).toBeUndefined();
  });

  it('bounds every wait and turns deliveries into redacted inbound evidence', async () => {
    const channel = sink.openChannel();
    const started = performance.now();
    expect(await channel.waitFor((d) => d.length > 0, 80)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    const waiting = channel.waitFor((d) => d.length > 0, 5000);
    await post(channel.url, event('evt_e', `,"leak":"${secret}"`), {
      headers: { 'x-signature': `sha256=${'f'.repeat(64)}` },
    });
    expect(await waiting).toBe(true);
    const [record] = channel.records();
    expect(record!.direction).toBe('inbound');
    expect(record!.request.url).toBe(channel.url);
    expect(record!.request.headers['x-signature']).toBe('sha256=ffffffff…');
    expect(JSON.stringify(record)).not.toContain(secret);
  });

  it('redacts a secret that joined the run after the sink started (a refreshed token)', async () => {
    const runSecrets = new GrowingSecrets([]);
    const late = 'tok_Refreshed_0a1b2c3d4e5f';
    const growing = await startWebhookSink({ ...baseOptions, secrets: runSecrets.current });
    try {
      const channel = growing.openChannel();
      runSecrets.add([late]);
      const waiting = channel.waitFor((d) => d.length > 0, 5000);
      await post(channel.url, event('evt_late', `,"leak":"${late}"`), { headers: { 'x-echo': late } });
      expect(await waiting).toBe(true);
      const text = JSON.stringify(channel.records());
      expect(text).not.toContain(late);
      expect(text).toContain('[REDACTED]');
    } finally {
      await growing.close();
    }
  });
});

describe('webhook sink under a flood of near-1 MiB deliveries', () => {
  const MiB = 1024 * 1024;
  const floodBody = (i: number): string =>
    JSON.stringify({ event: 'customer.created', id: `evt_${i}`, data: { id: `rec_${i}`, pad: 'x'.repeat(MiB - 200) } });

  async function flood(url: string, from: number, count: number): Promise<number[]> {
    const statuses: number[] = [];
    // A few at a time, as a sender with a small pool would; bounded by maxConnections.
    for (let start = from; start < from + count; start += 4) {
      const batch = Array.from({ length: Math.min(4, from + count - start) }, (_, k) =>
        post(url, floodBody(start + k), { timeoutMs: 20_000 }),
      );
      statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
    }
    return statuses;
  }

  it(
    'reads each body once, keeps bytes under both caps, answers past them, and releases them on close',
    { timeout: 60_000 },
    async () => {
      let parses = 0;
      const sink = await startWebhookSink({
        ...baseOptions,
        maxBodyBytes: MiB,
        maxBytesKeptPerChannel: 4 * MiB,
        maxBytesKept: 6 * MiB,
        parseJson: (text) => {
          parses += 1;
          return JSON.parse(text);
        },
      });
      try {
        const flooded = sink.openChannel({ kind: 'fail-first', failures: 1 });
        const other = sink.openChannel();
        // A waiter as the checks write one: it looks at each delivery once, however often it is woken.
        let looked = 0;
        const records = new Set<string>();
        const waiting = flooded.waitFor((deliveries) => {
          for (; looked < deliveries.length; looked += 1)
            for (const value of deliveries[looked]!.dataValues) if (value.startsWith('rec_')) records.add(value);
          return records.size === 24;
        }, 60_000);

        const statuses = await flood(flooded.url, 0, 24);
        expect(await waiting).toBe(true);
        // Answered per the script (each event's first attempt fails) whether or not its body was kept.
        expect(statuses).toEqual(Array(24).fill(503));
        expect(parses).toBe(24);
        expect(looked).toBe(24);
        expect(flooded.keptBytes()).toBeLessThanOrEqual(4 * MiB);
        const deliveries = flooded.deliveries();
        expect(deliveries).toHaveLength(24);
        const dropped = deliveries.filter((delivery) => delivery.isBodyDropped);
        expect(dropped.length).toBeGreaterThanOrEqual(20);
        // Sent a few at a time, so arrival order is not send order: the event id says which one it is.
        const indexOf = (delivery: SinkDelivery): number => Number(delivery.eventId!.slice('evt_'.length));
        for (const delivery of dropped) {
          expect(delivery.body.length).toBeLessThanOrEqual(baseOptions.evidenceBodyBytes + secret.length * 2 + 4);
          expect(delivery.bodyBytes).toBe(Buffer.byteLength(floodBody(indexOf(delivery))));
          expect(delivery.dataValues.has(`rec_${indexOf(delivery)}`)).toBe(true);
        }
        // A retry of a dropped event is still counted as its second attempt.
        const retryOf = dropped.at(-1)!;
        expect((await post(flooded.url, floodBody(indexOf(retryOf)))).status).toBe(200);
        expect(flooded.deliveries().at(-1)).toMatchObject({
          eventId: retryOf.eventId,
          attemptOfEvent: 2,
          bodyDigest: retryOf.bodyDigest,
        });
        const [record] = flooded.records().slice(-1);
        expect(record!.request.body).toMatchObject({ truncated: true, bytes: retryOf.bodyBytes });

        // The sink's cap holds across channels: the second channel gets only what the first left.
        await flood(other.url, 100, 8);
        expect(parses).toBe(24 + 1 + 8);
        expect(sink.keptBytes()).toBe(flooded.keptBytes() + other.keptBytes());
        expect(sink.keptBytes()).toBeLessThanOrEqual(6 * MiB);
        expect(other.keptBytes()).toBeLessThanOrEqual(6 * MiB - flooded.keptBytes());

        flooded.close();
        expect(flooded.deliveries()).toHaveLength(0);
        expect(sink.keptBytes()).toBe(other.keptBytes());
        other.close();
        expect(sink.keptBytes()).toBe(0);
      } finally {
        await sink.close();
      }
    },
  );
});
