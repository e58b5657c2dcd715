import { describe, expect, it } from 'vitest';
import { applyDefaults } from './apply-defaults.js';
import type { ConfigFile } from './config-file-types.js';

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

const sender = { register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } } };

describe('applyDefaults', () => {
  it('fills every documented default into an empty file', () => {
    expect(applyDefaults({})).toEqual({
      target: { auth: { header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' }, followRedirects: false },
      collections: [],
      resources: { createStatus: '2xx', deleteStatus: '2xx', refusedStatus: 'either', putOmittedField: 'either', idChange: 'either' },
      pagination: {
        overMaxPolicy: 'either',
        lastPageCursor: 'any',
        invalidParams: 'either',
        fixtureCap: 250,
        walkPageSize: 5,
        propertyRuns: 20,
        deepPageRatioWarn: 3,
      },
      webhooks: {},
      budgets: {
        requestTimeoutMs: 10_000,
        maxResponseBytes: 4 * 1024 * 1024,
        evidenceBodyBytes: 4096,
        maxPagesPerWalk: 200,
        requestsPerList: 2000,
        checkTimeoutMs: 60_000,
        totalRunMs: 600_000,
      },
    });
  });

  it('fills collection and related defaults, keeping what the file says', () => {
    const file: ConfigFile = {
      collections: [{
        name: 'customers',
        path: '/customers',
        sample: { name: 'Ada' },
        pagination: { styles: ['cursor'] },
        related: [{ name: 'orders', path: '/customers/{id}/orders', sample: { total: 1 } }],
      }],
    };
    const [customers] = applyDefaults(file).collections;
    expect(customers).toEqual({
      name: 'customers',
      path: '/customers',
      idField: 'id',
      sample: { name: 'Ada' },
      related: [{
        name: 'orders',
        path: '/customers/{id}/orders',
        sample: { total: 1 },
        createPath: 'nested',
        idField: 'id',
        memberPath: '/customers/{id}/orders/{childId}',
        pagination: { styles: ['offset', 'page', 'cursor'] },
      }],
      pagination: { styles: ['cursor'] },
    });
    expect(customers && 'replace' in customers).toBe(false);
  });

  it('fills the webhook defaults of both roles', () => {
    const config = applyDefaults({ webhooks: { sender, receiver: { url: '/in' } } });
    expect(config.webhooks.sender).toEqual({
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' }, idField: 'id' },
      events: {},
      digestEncoding: 'either',
      senderTimeoutMs: 5000,
      retryWindowMs: 30_000,
      sink: { host: '127.0.0.1', port: 0, maxBodyBytes: 1024 * 1024, maxConnections: 32 },
    });
    expect(config.webhooks.receiver).toEqual({
      url: '/in',
      secretEnv: 'APICERT_WEBHOOK_SECRET',
      digestEncoding: 'hex',
      ackBudgetMs: 2000,
      events: {
        create: { event: 'customer.created', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
        update: { event: 'customer.updated', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
      },
    });
  });

  it('defaults the sender collection to the first collection', () => {
    const collections = [
      { name: 'customers', path: '/customers', sample: {} },
      { name: 'orders', path: '/orders', sample: {} },
    ];
    expect(applyDefaults({ collections, webhooks: { sender } }).webhooks.sender?.collection).toBe('customers');
    expect(applyDefaults({ collections, webhooks: { sender: { ...sender, collection: 'orders' } } }).webhooks.sender?.collection).toBe('orders');
  });

  it('keeps a receiver event the file gives and defaults the other', () => {
    const create = { kind: 'made', id: '{eventId}' };
    const events = applyDefaults({ webhooks: { receiver: { url: '/in', events: { create } } } }).webhooks.receiver?.events;
    expect(events?.create).toEqual(create);
    expect(events?.update).toMatchObject({ event: 'customer.updated' });
  });

  it('returns a deeply frozen config and leaves the input unfrozen and unchanged', () => {
    const file = {
      collections: [{ name: 'customers', path: '/customers', sample: { nested: { tags: ['a'] } } }],
      webhooks: { sender, receiver: { url: '/in' } },
    };
    const before = structuredClone(file);
    const config = applyDefaults(file);
    expect(isDeeplyFrozen(config)).toBe(true);
    expect(Object.isFrozen(file.collections[0]!.sample)).toBe(false);
    expect(file).toEqual(before);
    expect(() => {
      (config.collections[0]!.sample as Record<string, unknown>)['nested'] = 1;
    }).toThrow(TypeError);
  });
});
