import { describe, expect, it } from 'vitest';
import { compareSortKeys } from './pagination/sort-key.js';
import { customers, orders, products } from './resources/resource-definitions.js';
import { seededId, seedStore } from './seed-records.js';
import { startReferenceServer } from './start.js';
import { createStore } from './store.js';
import { createApiClient } from './test-support/api-client.js';

describe('seedStore', () => {
  it('fills each collection with the same records every time, in list order, three to a millisecond', () => {
    const first = createStore();
    const second = createStore();
    seedStore(first, { products: 1000, customers: 10, orders: 50 });
    seedStore(second, { products: 1000, customers: 10, orders: 50 });
    expect(first.products.list()).toEqual(second.products.list());
    const listed = first.products.list();
    expect(listed).toHaveLength(1000);
    expect(listed[0]).toMatchObject({ id: seededId(products, 0), createdAt: '2020-01-01T00:00:00.000Z' });
    expect(listed[3]!.createdAt).toBe('2020-01-01T00:00:00.001Z');
    expect(new Set(listed.slice(0, 3).map((record) => record.createdAt)).size).toBe(1);
    for (let index = 1; index < listed.length; index += 1)
      expect(compareSortKeys(listed[index - 1]!, listed[index]!)).toBeLessThan(0);
    expect(first.customers.list()).toHaveLength(10);
    expect(first.webhooks.list()).toHaveLength(0);
  });

  it('points the orders at the seeded customers, so their nested lists hold records too', () => {
    const store = createStore();
    seedStore(store, { customers: 4, orders: 10 });
    const ofFirst = store.orders.list().filter((order) => order['customerId'] === seededId(customers, 0));
    expect(ofFirst.map((order) => order.id)).toEqual([0, 4, 8].map((index) => seededId(orders, index)));
    const alone = createStore();
    seedStore(alone, { orders: 2 });
    expect(alone.orders.list().map((order) => order['customerId'])).toEqual(['cus_staging', 'cus_staging']);
  });

  it('gives fields the resource accepts, as a client would have written them', () => {
    const store = createStore();
    seedStore(store, { customers: 3, orders: 3, products: 3 });
    expect(store.customers.get(seededId(customers, 1))).toMatchObject({
      tier: 'pro',
      email: 'customer1@staging.example',
    });
    expect(store.orders.get(seededId(orders, 2))).toMatchObject({ status: 'shipped' });
    expect(store.products.get(seededId(products, 2))).toMatchObject({ sku: 'SKU-2', priceCents: 74 });
  });
});

describe('a seeded reference server', () => {
  it('lists the seeded records first and a record created now after them', async () => {
    const server = await startReferenceServer({ seedRecords: { products: 250 } });
    const api = createApiClient(server.url, server.token);
    try {
      const first = await api.call('GET', '/products?limit=2');
      expect(first.status).toBe(200);
      expect((first.json as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
        seededId(products, 0),
        seededId(products, 1),
      ]);
      const created = await api.call('POST', '/products', { body: { sku: 'new', title: 'New', priceCents: 1 } });
      expect(created.status).toBe(201);
      const tail = await api.call('GET', '/products?limit=100&offset=200');
      const ids = (tail.json as { items: { id: string }[] }).items.map((item) => item.id);
      expect(ids).toHaveLength(51);
      expect(ids.at(-1)).toBe((created.json as { id: string }).id);
      expect(ids.at(-2)).toBe(seededId(products, 249));
    } finally {
      await api.close();
      await server.close();
    }
  });
});
