import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../start.js';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';
import { signatureHeader } from '../webhooks/signature.js';

let server: RunningReferenceServer;
let api: ApiClient;
let sequence = 0;

beforeAll(async () => {
  server = await startReferenceServer({ webhookSecret: 'receiver-secret' });
  api = createApiClient(server.url, server.token);
});

afterAll(async () => {
  await api.close();
  await server.close();
});

function uniqueId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${sequence}_${Date.now()}`;
}

async function deliver(
  raw: string | Buffer,
  signature: string | null = signatureHeader('receiver-secret', Buffer.from(raw)),
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-signature'] = signature;
  return api.call('POST', '/webhook-receiver', { rawBody: raw, headers, token: null });
}

function eventBody(event: string, id: string, data: Record<string, unknown>): string {
  return JSON.stringify({ event, id, data });
}

async function tally(eventId: string) {
  return (await api.call('GET', `/webhook-receiver/events/${eventId}`)).json;
}

describe('webhook receiver', () => {
  it('acknowledges a correctly signed event with 2xx, quickly, without a bearer token', async () => {
    const id = uniqueId('evt');
    const started = performance.now();
    const answer = await deliver(eventBody('customer.created', id, { id: uniqueId('cus') }));
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await tally(id)).toEqual({ id, receivedCount: 1, processedCount: 1 });
  });

  it('verifies the raw bytes, so other whitespace and escapes are fine', async () => {
    const id = uniqueId('evt');
    const raw = `{ "event" : "customer.created",\n  "id": "${id}", "data": {"id": "cus_\\u0041x", "name": "\\u00e9"} }`;
    expect((await deliver(raw)).status).toBe(200);
    expect(
      (
        await deliver(
          Buffer.from(eventBody('customer.created', uniqueId('evt'), { id: 'x' })),
          signatureHeader(
            'receiver-secret',
            Buffer.from(eventBody('customer.created', 'x', { id: 'x' }), 'utf8'),
            'base64',
          ),
        )
      ).status,
    ).toBe(401);
  });

  it('accepts a base64 digest too', async () => {
    const raw = eventBody('customer.created', uniqueId('evt'), { id: uniqueId('cus') });
    expect((await deliver(raw, signatureHeader('receiver-secret', Buffer.from(raw), 'base64'))).status).toBe(200);
  });

  it('refuses a missing, unlabelled, wrong-secret or other-body signature with 401 and records nothing', async () => {
    const id = uniqueId('evt');
    const raw = eventBody('customer.created', id, { id: 'cus_1' });
    const digest = signatureHeader('receiver-secret', Buffer.from(raw)).slice('sha256='.length);
    for (const signature of [
      null,
      digest,
      signatureHeader('other-secret', Buffer.from(raw)),
      signatureHeader('receiver-secret', Buffer.from(`${raw} `)),
      'sha256=',
      'garbage',
    ]) {
      const answer = await deliver(raw, signature);
      expect(answer.status, String(signature)).toBe(401);
      expect(answer.json.error.code).toBe('invalid_signature');
    }
    expect((await api.call('GET', `/webhook-receiver/events/${id}`)).status).toBe(404);
  });

  it('answers signed bodies that are not valid events with 400', async () => {
    const bodies = [
      '{',
      'null',
      '[]',
      '"x"',
      '{"id":"e","data":{}}',
      '{"event":"a","data":{}}',
      '{"event":"a","id":"e"}',
      '{"event":1,"id":"e","data":{}}',
      '{"event":"a","id":2,"data":{}}',
      '{"event":"a","id":"e","data":[]}',
      '{"event":"a","id":"e","data":{"id":5}}',
      '',
    ];
    for (const raw of bodies) expect((await deliver(raw)).status, raw).toBe(400);
  });

  it('answers data nested too deeply to be answered again with 400', async () => {
    const levels = 5000;
    const raw = `{"event":"customer.created","id":"${uniqueId('evt')}","data":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
    expect((await deliver(raw)).status).toBe(400);
  });

  it('answers a body over 100 KiB with 413', async () => {
    const raw = eventBody('customer.created', uniqueId('evt'), { id: 'cus_1', pad: 'x'.repeat(100 * 1024) });
    expect((await deliver(raw)).status).toBe(413);
  });

  it('acknowledges a repeated id with 2xx and processes it once', async () => {
    const id = uniqueId('evt');
    const raw = eventBody('order.created', id, { id: uniqueId('ord') });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await deliver(raw)).status).toBe(200);
    expect(await tally(id)).toEqual({ id, receivedCount: 3, processedCount: 1 });
  });

  it('keeps an update that arrives before its create', async () => {
    const recordId = uniqueId('cus');
    const updateId = uniqueId('evt');
    const createId = uniqueId('evt');
    expect(
      (
        await deliver(
          eventBody('customer.updated', updateId, { id: recordId, name: 'New', updatedAt: '2024-01-02T00:00:00.000Z' }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await deliver(
          eventBody('customer.created', createId, { id: recordId, name: 'Old', updatedAt: '2024-01-01T00:00:00.000Z' }),
        )
      ).status,
    ).toBe(200);
    expect((await tally(updateId)).processedCount).toBe(1);
    expect((await tally(createId)).processedCount).toBe(1);
    const mirrored = await api.call('GET', `/webhook-receiver/records/${recordId}`);
    expect(mirrored.json).toMatchObject({ id: recordId, data: { name: 'New' }, hasSeenCreate: true });
  });

  it('needs the bearer token to observe, and answers 404 for an unknown event', async () => {
    expect((await api.call('GET', '/webhook-receiver/events/evt_x', { token: null })).status).toBe(401);
    expect((await api.call('GET', '/webhook-receiver/events/evt_never')).status).toBe(404);
    expect((await api.call('GET', '/webhook-receiver', { token: null })).status).toBe(405);
  });
});
