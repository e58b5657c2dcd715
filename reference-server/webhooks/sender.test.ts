import { afterEach, describe, expect, it } from 'vitest';
import { verifySignatureHeader } from './signature.js';
import { startReferenceServer, type ReferenceServerOptions, type RunningReferenceServer } from '../start.js';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';
import { pause, startCaptureServer, type CaptureServer } from '../test-support/capture-server.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Rig {
  readonly server: RunningReferenceServer;
  readonly api: ApiClient;
  readonly sink: CaptureServer;
  readonly secret: string;
}

async function rig(options: ReferenceServerOptions = {}): Promise<Rig> {
  const sink = await startCaptureServer();
  cleanups.push(() => sink.close());
  const server = await startReferenceServer({
    webhooks: { timeoutMs: 300, retryBaseMs: 30, maxAttempts: 4 },
    ...options,
  });
  cleanups.push(() => server.close());
  const api = createApiClient(server.url, server.token);
  cleanups.push(() => api.close());
  const secret = 'sink-secret';
  const registered = await api.call('POST', '/webhooks', { body: { url: sink.url, secret } });
  expect(registered.status).toBe(201);
  return { server, api, sink, secret };
}

function parse(body: Buffer): { event: string; id: string; data: Record<string, unknown> } {
  return JSON.parse(body.toString('utf8')) as { event: string; id: string; data: Record<string, unknown> };
}

describe('webhook subscriptions', () => {
  it('registers, lists, reads and removes a subscription, never echoing the secret', async () => {
    const { api, sink } = await rig();
    const created = await api.call('POST', '/webhooks', {
      body: { url: `${sink.url}/second`, secret: 'hidden-value' },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(['createdAt', 'id', 'url']);
    expect(created.text).not.toContain('hidden-value');
    const listed = await api.call('GET', '/webhooks?limit=1');
    expect(listed.json).toMatchObject({ items: [{ url: sink.url }], has_more: true });
    expect((await api.call('GET', `/webhooks/${String(created.json.id)}`)).json).toEqual(created.json);
    expect((await api.call('DELETE', `/webhooks/${String(created.json.id)}`)).status).toBe(204);
    expect((await api.call('GET', `/webhooks/${String(created.json.id)}`)).status).toBe(404);
  });

  it('refuses invalid registrations with 400', async () => {
    const { api } = await rig();
    for (const body of [
      { url: 'not a url', secret: 's' },
      { url: 'ftp://x/y', secret: 's' },
      { url: 'http://x' },
      { url: 'http://x', secret: '' },
      { url: 'http://x', secret: 's', extra: 1 },
      { url: 5, secret: 's' },
    ]) {
      expect((await api.call('POST', '/webhooks', { body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('webhook delivery', () => {
  it('sends a signed customer.created with the record, signed over the exact bytes', async () => {
    const { api, sink, secret } = await rig();
    const created = await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    const [delivery] = await sink.waitForDeliveries(1);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(String(delivery!.headers['x-signature']), secret, delivery!.body)).toBe(true);
    const event = parse(delivery!.body);
    expect(event).toEqual({
      event: 'customer.created',
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      data: created.json,
    });
  });

  it('emits created, updated (PUT and PATCH) and deleted for every collection, with distinct ids', async () => {
    const { api, sink } = await rig();
    const customer = (await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } })).json;
    await api.call('PUT', `/customers/${String(customer.id)}`, { body: { name: 'Bea', email: 'bea@x.io' } });
    await api.call('PATCH', `/customers/${String(customer.id)}`, { body: { tier: 'pro' } });
    const order = (
      await api.call('POST', `/customers/${String(customer.id)}/orders`, { body: { total: 1, status: 'paid' } })
    ).json;
    const product = (await api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: 1 } })).json;
    await api.call('PATCH', `/products/${String(product.id)}`, { body: { priceCents: 2 } });
    await api.call('DELETE', `/orders/${String(order.id)}`);
    await api.call('DELETE', `/customers/${String(customer.id)}`);
    const events = (await sink.waitForDeliveries(8)).map((delivery) => parse(delivery.body));
    expect(events.map((event) => event.event).sort()).toEqual(
      [
        'customer.created',
        'customer.updated',
        'customer.updated',
        'order.created',
        'product.created',
        'product.updated',
        'order.deleted',
        'customer.deleted',
      ].sort(),
    );
    expect(new Set(events.map((event) => event.id)).size).toBe(8);
    const deleted = events.find((event) => event.event === 'customer.deleted')!;
    expect(deleted.data).toMatchObject({ id: customer.id, name: 'Bea', tier: 'pro' });
  });

  it('sends each event to every subscription', async () => {
    const { api, sink } = await rig();
    const second = await startCaptureServer();
    cleanups.push(() => second.close());
    await api.call('POST', '/webhooks', { body: { url: second.url, secret: 'other' } });
    await api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: 1 } });
    const [first] = await sink.waitForDeliveries(1);
    const [other] = await second.waitForDeliveries(1);
    expect(verifySignatureHeader(String(other!.headers['x-signature']), 'other', other!.body)).toBe(true);
    expect(parse(other!.body).id).toBe(parse(first!.body).id);
  });

  it('retries a failed delivery with the same id and bytes, after base, 2x base, 4x base', async () => {
    const { api, sink } = await rig();
    sink.replyWith((index) => (index < 3 ? 503 : 200));
    await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    const deliveries = await sink.waitForDeliveries(4);
    for (const delivery of deliveries) expect(delivery.body.equals(deliveries[0]!.body)).toBe(true);
    const gaps = deliveries.slice(1).map((delivery, index) => delivery.receivedAt - deliveries[index]!.receivedAt);
    expect(gaps[0]).toBeGreaterThanOrEqual(25);
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    expect(gaps[2]).toBeGreaterThanOrEqual(115);
    await pause(150);
    expect(sink.deliveries).toHaveLength(4);
  });

  it('stops after maxAttempts', async () => {
    const { api, sink } = await rig({ webhooks: { timeoutMs: 300, retryBaseMs: 5, maxAttempts: 3 } });
    sink.replyWith(() => 500);
    await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    await sink.waitForDeliveries(3);
    await pause(150);
    expect(sink.deliveries).toHaveLength(3);
  });

  it('aborts an attempt that is not answered within timeoutMs and retries it', async () => {
    const { api, sink } = await rig({ webhooks: { timeoutMs: 300, retryBaseMs: 10, maxAttempts: 3 } });
    sink.replyWith((index) => (index === 0 ? 'hang' : 200));
    await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    const [first, second] = await sink.waitForDeliveries(2);
    // The time-out starts before the first attempt connects and the sink stamps each body's end, so
    // the gap may fall short of 300 ms by connection time; 200 ms shows the sender waited.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(200);
    expect(second!.body.equals(first!.body)).toBe(true);
  });

  it('answers the API request without waiting for a hung subscriber', async () => {
    const { api, sink } = await rig({ webhooks: { timeoutMs: 2000, retryBaseMs: 10, maxAttempts: 2 } });
    sink.replyWith(() => 'hang');
    const started = performance.now();
    expect((await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } })).status).toBe(201);
    expect(performance.now() - started).toBeLessThan(1000);
    await sink.waitForDeliveries(1);
  });

  it('stops retrying once the subscription is removed', async () => {
    const { api, sink } = await rig({ webhooks: { timeoutMs: 300, retryBaseMs: 100, maxAttempts: 5 } });
    sink.replyWith(() => 500);
    const subscription = (await api.call('GET', '/webhooks')).json.items[0];
    await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    await sink.waitForDeliveries(1);
    await api.call('DELETE', `/webhooks/${String(subscription.id)}`);
    const countAtRemoval = sink.deliveries.length;
    // Without the stop, retries at 100, 300 and 700 ms would keep coming; one attempt already
    // under way when the DELETE lands may still arrive.
    await pause(800);
    expect(sink.deliveries.length).toBeLessThanOrEqual(countAtRemoval + 1);
    expect(sink.deliveries.length).toBeLessThan(5);
  });

  it('ends pending retries and hung deliveries on close', async () => {
    const { server, api, sink } = await rig({ webhooks: { timeoutMs: 5000, retryBaseMs: 50, maxAttempts: 5 } });
    sink.replyWith((index) => (index === 0 ? 500 : 'hang'));
    await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io' } });
    await api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: 1 } });
    await sink.waitForDeliveries(2);
    const started = performance.now();
    await api.close();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1000);
    const count = sink.deliveries.length;
    await pause(200);
    expect(sink.deliveries).toHaveLength(count);
  });
});
