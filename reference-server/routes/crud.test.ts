import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../start.js';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';

let server: RunningReferenceServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startReferenceServer();
  api = createApiClient(server.url, server.token);
});

afterAll(async () => {
  await api.close();
  await server.close();
});

async function newCustomer(extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const answer = await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@example.com', ...extra } });
  expect(answer.status).toBe(201);
  return answer.json as Record<string, unknown>;
}

describe('create and read', () => {
  it('answers 201 with a server-assigned id, timestamps and the default tier', async () => {
    const answer = await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@example.com' } });
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json).toMatchObject({ name: 'Ada', email: 'ada@example.com', tier: 'free' });
    expect(answer.json.id).toMatch(/^cus_[0-9a-f]{16}$/);
    expect(new Date(answer.json.createdAt).toISOString()).toBe(answer.json.createdAt);
    expect(answer.json.updatedAt).toBe(answer.json.createdAt);
    expect(answer.headers.location).toBe(`/customers/${answer.json.id}`);
  });

  it('reads back the created record with GET', async () => {
    const created = await newCustomer({ tier: 'pro' });
    const read = await api.call('GET', `/customers/${String(created.id)}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created);
  });

  it('answers 404 with a JSON error for an unknown id', async () => {
    const read = await api.call('GET', '/customers/cus_0000000000000000');
    expect(read.status).toBe(404);
    expect(read.json).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('gives every record a distinct id', async () => {
    const ids = new Set<unknown>();
    for (let index = 0; index < 20; index += 1) ids.add((await newCustomer()).id);
    expect(ids.size).toBe(20);
  });

  it('creates orders and products with their own id prefixes', async () => {
    const customer = await newCustomer();
    const order = await api.call('POST', '/orders', {
      body: { customerId: customer.id, total: 10.5, status: 'pending', note: 'gift' },
    });
    expect(order.status).toBe(201);
    expect(order.json).toMatchObject({ customerId: customer.id, total: 10.5, status: 'pending', note: 'gift' });
    expect(order.json.id).toMatch(/^ord_/);
    const product = await api.call('POST', '/products', { body: { sku: 'SKU-1', title: 'Widget', priceCents: 1299 } });
    expect(product.status).toBe(201);
    expect(product.json.id).toMatch(/^prd_/);
  });
});

describe('PUT replaces the whole record', () => {
  it('resets optional fields left out to their default and keeps id and createdAt', async () => {
    const created = await newCustomer({ tier: 'enterprise' });
    const put = await api.call('PUT', `/customers/${String(created.id)}`, {
      body: { name: 'Grace', email: 'grace@example.com' },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      id: created.id,
      name: 'Grace',
      email: 'grace@example.com',
      tier: 'free',
      createdAt: created.createdAt,
    });
    expect((await api.call('GET', `/customers/${String(created.id)}`)).json).toEqual(put.json);
  });

  it('removes an optional field without a default', async () => {
    const customer = await newCustomer();
    const order = await api.call('POST', '/orders', {
      body: { customerId: customer.id, total: 1, status: 'paid', note: 'x' },
    });
    const put = await api.call('PUT', `/orders/${String(order.json.id)}`, {
      body: { customerId: customer.id, total: 2, status: 'paid' },
    });
    expect(put.status).toBe(200);
    expect(put.json).not.toHaveProperty('note');
  });

  it('refuses a PUT without a required field with 400 and leaves the record unchanged', async () => {
    const created = await newCustomer();
    const put = await api.call('PUT', `/customers/${String(created.id)}`, { body: { name: 'Only a name' } });
    expect(put.status).toBe(400);
    expect(put.json.error.code).toBe('validation_failed');
    expect((await api.call('GET', `/customers/${String(created.id)}`)).json).toEqual(created);
  });

  it('answers 404 for a PUT to an unknown id', async () => {
    const put = await api.call('PUT', '/customers/cus_ffffffffffffffff', { body: { name: 'A', email: 'a@b' } });
    expect(put.status).toBe(404);
  });

  it('accepts id and createdAt equal to the stored values and refuses other values with 400', async () => {
    const created = await newCustomer();
    const same = await api.call('PUT', `/customers/${String(created.id)}`, { body: { ...created, name: 'Same id' } });
    expect(same.status).toBe(200);
    expect(same.json.id).toBe(created.id);
    const other = await api.call('PUT', `/customers/${String(created.id)}`, {
      body: { ...created, id: 'cus_1111111111111111' },
    });
    expect(other.status).toBe(400);
    expect(other.json.error.code).toBe('read_only_field');
    const otherCreatedAt = await api.call('PATCH', `/customers/${String(created.id)}`, {
      body: { createdAt: '2000-01-01T00:00:00.000Z' },
    });
    expect(otherCreatedAt.status).toBe(400);
    expect((await api.call('GET', '/customers/cus_1111111111111111')).status).toBe(404);
  });
});

describe('PATCH changes only the given fields', () => {
  it('keeps the fields not given and refreshes updatedAt', async () => {
    const created = await newCustomer({ tier: 'pro' });
    const patch = await api.call('PATCH', `/customers/${String(created.id)}`, { body: { name: 'Patched' } });
    expect(patch.status).toBe(200);
    expect(patch.json).toMatchObject({
      id: created.id,
      name: 'Patched',
      email: 'ada@example.com',
      tier: 'pro',
      createdAt: created.createdAt,
    });
    expect(patch.json.updatedAt >= String(created.updatedAt)).toBe(true);
  });

  it('validates the given fields', async () => {
    const created = await newCustomer();
    for (const body of [{ tier: 'gold' }, { email: 'no-at-sign' }, { name: '' }, { name: 5 }, { unknown: 1 }]) {
      const patch = await api.call('PATCH', `/customers/${String(created.id)}`, { body });
      expect(patch.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses to point an order at an unknown customer with 422', async () => {
    const customer = await newCustomer();
    const order = await api.call('POST', '/orders', { body: { customerId: customer.id, total: 1, status: 'paid' } });
    const patch = await api.call('PATCH', `/orders/${String(order.json.id)}`, {
      body: { customerId: 'cus_0000000000000000' },
    });
    expect(patch.status).toBe(422);
    expect(patch.json.error.code).toBe('unknown_customer');
  });
});

describe('DELETE', () => {
  it('answers 204, then the record is 404 and gone from the list', async () => {
    const created = await newCustomer();
    const removed = await api.call('DELETE', `/customers/${String(created.id)}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await api.call('GET', `/customers/${String(created.id)}`)).status).toBe(404);
    expect((await api.call('DELETE', `/customers/${String(created.id)}`)).status).toBe(404);
    const list = await api.call('GET', '/customers?limit=100');
    expect((list.json.items as { id: string }[]).map((item) => item.id)).not.toContain(created.id);
  });
});

describe('routes and methods', () => {
  it('answers unknown routes with 404 JSON', async () => {
    const answer = await api.call('GET', '/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe('not_found');
  });

  it('answers an unsupported method on a known path with 405 and Allow', async () => {
    const answer = await api.call('DELETE', '/customers');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST');
    expect(answer.json.error.code).toBe('method_not_allowed');
  });

  it('sets no cookie: the server is stateless', async () => {
    const answer = await api.call('GET', '/customers');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
