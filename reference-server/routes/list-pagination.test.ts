import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';
import { seedStore } from '../test-support/seed-store.js';
import { serveApp, type ServedApp } from '../test-support/serve-app.js';

// The clock moves 1 ms every 4 records, so most records share a createdAt with others and the
// id tie-breaker decides their order.
let ticks = 0;
const now = (): number => Date.UTC(2024, 0, 1) + Math.floor(ticks++ / 4);

let served: ServedApp;
let api: ApiClient;
let customerIds: string[];
let parentId: string;
let orderIds: string[];

beforeAll(async () => {
  served = await serveApp({ token: 't', webhookSecret: 's', now });
  api = createApiClient(served.url, 't');
  customerIds = [];
  for (let index = 0; index < 45; index += 1) {
    customerIds.push(
      (await api.call('POST', '/customers', { body: { name: `C${index}`, email: `c${index}@x.io` } })).json.id,
    );
  }
  parentId = customerIds[0]!;
  orderIds = [];
  for (let index = 0; index < 23; index += 1) {
    const owner = index % 3 === 2 ? customerIds[1]! : parentId;
    const answer = await api.call('POST', '/orders', { body: { customerId: owner, total: index, status: 'paid' } });
    if (owner === parentId) orderIds.push(answer.json.id);
  }
  seedStore(served.reference.store.products, 110, (index) => ({ sku: `S${index}`, title: 'T', priceCents: index }));
  // Straight in the store: this file is about lists; fewer requests keep it fast.
  seedStore(served.reference.store.webhooks, 25, (index) => ({ url: `http://127.0.0.1:9/hook${index}`, secret: 'x' }));
});

afterAll(async () => {
  await api.close();
  await served.close();
});

type Item = { id: string; createdAt: string };

async function list(path: string): Promise<{ items: Item[]; next_cursor: string | null; has_more: boolean }> {
  const answer = await api.call('GET', path);
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return answer.json;
}

async function walkBy(style: 'offset' | 'page' | 'cursor', path: string, size: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  for (let index = 0; index < 100; index += 1) {
    const join = path.includes('?') ? '&' : '?';
    const query =
      style === 'offset'
        ? `limit=${size}&offset=${index * size}`
        : style === 'page'
          ? `page=${index + 1}&per_page=${size}`
          : cursor === null
            ? `limit=${size}`
            : `limit=${size}&after=${cursor}`;
    const body = await list(`${path}${join}${query}`);
    pages.push(body.items.map((item) => item.id));
    if (!body.has_more) {
      expect(body.next_cursor).toBeNull();
      return pages;
    }
    expect(body.next_cursor).toEqual(expect.any(String));
    cursor = body.next_cursor;
  }
  throw new Error('walk did not end');
}

describe('list pagination', () => {
  it('orders by createdAt, then id, and shares timestamps between records', async () => {
    const { items } = await list('/customers?limit=100');
    const sorted = [...items].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
    );
    expect(items).toEqual(sorted);
    expect(new Set(items.map((item) => item.createdAt)).size).toBeLessThan(items.length / 2);
  });

  it('serves 20 items by default and clamps a size above 100 to 100', async () => {
    const first = await list('/customers');
    expect(first.items).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
    const clamped = await list('/products?limit=101');
    expect(clamped.items).toHaveLength(100);
    expect(clamped.has_more).toBe(true);
    expect((await list('/products?per_page=5000')).items).toHaveLength(100);
  });

  it('gives the same pages by limit/offset, page/per_page and cursor, on top-level, nested and webhook lists', async () => {
    for (const [path, size] of [
      ['/customers', 7],
      ['/customers', 15],
      [`/customers/${parentId}/orders`, 4],
      ['/webhooks', 6],
    ] as const) {
      const byOffset = await walkBy('offset', path, size);
      expect(await walkBy('page', path, size)).toEqual(byOffset);
      expect(await walkBy('cursor', path, size)).toEqual(byOffset);
    }
  });

  it('says has_more false with next_cursor null on an exactly full last page', async () => {
    const pages = await walkBy('cursor', '/customers', 9);
    expect(pages.map((page) => page.length)).toEqual([9, 9, 9, 9, 9]);
  });

  it('answers an empty page past the end', async () => {
    expect(await list('/customers?offset=1000')).toEqual({ items: [], next_cursor: null, has_more: false });
    expect(await list('/customers?page=99&per_page=10')).toEqual({ items: [], next_cursor: null, has_more: false });
  });

  it('answers invalid parameters with 400 invalid_pagination on every list', async () => {
    const ordersCursor = (await list(`/customers/${parentId}/orders?limit=1`)).next_cursor!;
    const bad = [
      'limit=0',
      'limit=-1',
      'limit=1.5',
      'limit=abc',
      'limit=',
      'limit=9007199254740993',
      'limit=1e2',
      'offset=-1',
      'offset=x',
      'page=0',
      'page=-2',
      'per_page=0',
      'per_page=2.5',
      'after=garbage',
      'after=',
      'after=x&offset=1',
      'after=x&page=2',
      'offset=1&page=2',
      'limit=5&per_page=5',
      'limit=1&limit=2',
      `after=${ordersCursor}`,
    ];
    for (const path of ['/customers', `/customers/${parentId}/orders`, '/webhooks']) {
      for (const query of bad) {
        if (path !== '/customers' && query.startsWith('after=') && query.includes(ordersCursor)) continue;
        const answer = await api.call('GET', `${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.json.error.code).toBe('invalid_pagination');
      }
    }
  });
});

describe('related collection /customers/{id}/orders', () => {
  it('lists only the orders of that customer', async () => {
    const pages = await walkBy('cursor', `/customers/${parentId}/orders`, 100);
    expect([...pages.flat()].sort()).toEqual([...orderIds].sort());
  });

  it('creates an order for the customer in the path', async () => {
    const created = await api.call('POST', `/customers/${customerIds[5]!}/orders`, {
      body: { total: 42.5, status: 'pending' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ customerId: customerIds[5], total: 42.5, status: 'pending' });
    expect((await list(`/customers/${customerIds[5]!}/orders`)).items.map((item) => item.id)).toEqual([
      created.json.id,
    ]);
    expect((await api.call('GET', `/orders/${String(created.json.id)}`)).status).toBe(200);
  });

  it('refuses a customerId in the body that differs from the path', async () => {
    const answer = await api.call('POST', `/customers/${customerIds[6]!}/orders`, {
      body: { customerId: customerIds[7], total: 1, status: 'paid' },
    });
    expect(answer.status).toBe(400);
  });

  it('answers 404 for an unknown parent on list and create', async () => {
    expect((await api.call('GET', '/customers/cus_0000000000000000/orders')).status).toBe(404);
    expect(
      (await api.call('POST', '/customers/cus_0000000000000000/orders', { body: { total: 1, status: 'paid' } })).status,
    ).toBe(404);
  });
});
