import { describe, expect, it } from 'vitest';
import type { ApicertConfig, CollectionConfig } from '../../harness/check-api/check-context.js';
import { listTargets, surfaceInventory } from './surface-inventory.js';

const customers: CollectionConfig = {
  name: 'customers',
  path: '/customers',
  idField: 'id',
  sample: {},
  pagination: { styles: ['offset', 'page', 'cursor'] },
  related: [
    {
      name: 'orders',
      path: '/customers/{id}/orders',
      sample: {},
      createPath: '/orders',
      idField: 'id',
      memberPath: '/orders/{childId}',
      pagination: { styles: ['cursor'] },
    },
  ],
};

const webhooks = (register?: { method: 'POST'; path: string }): ApicertConfig['webhooks'] =>
  (register === undefined
    ? {}
    : { sender: { register: { ...register, body: {} } } }) as unknown as ApicertConfig['webhooks'];

describe('listTargets', () => {
  it('lists each collection, then its nested lists, with their own id field and styles', () => {
    const nested: CollectionConfig = { ...customers, related: [{ ...customers.related[0]!, idField: 'orderId' }] };
    const targets = listTargets({
      collections: [nested, { ...customers, name: 'products', path: '/products', related: [] }],
    });
    expect(targets.map((t) => [t.label, t.idField, t.styles.join('+'), t.related?.name])).toEqual([
      ['/customers', 'id', 'offset+page+cursor', undefined],
      ['/customers/{id}/orders', 'orderId', 'cursor', 'orders'],
      ['/products', 'id', 'offset+page+cursor', undefined],
    ]);
  });
});

describe('surfaceInventory', () => {
  it('names every operation of convention 4.1 on every collection, member, related list and child, reads before writes', () => {
    const { lists, operations } = surfaceInventory({ collections: [customers], webhooks: webhooks() });
    expect(lists.map((list) => list.label)).toEqual(['/customers', '/customers/{id}/orders']);
    expect(operations.map((operation) => operation.label)).toEqual([
      'GET /customers',
      'GET /customers/{id}',
      'POST /customers',
      'PUT /customers/{id}',
      'PATCH /customers/{id}',
      'DELETE /customers/{id}',
      'GET /customers/{id}/orders',
      'GET /orders/{childId}',
      'POST /orders',
      'PUT /orders/{childId}',
      'PATCH /orders/{childId}',
      'DELETE /orders/{childId}',
    ]);
    expect(operations[8]?.list?.related?.name).toBe('orders');
  });

  it('creates children at the nested path unless the config names another, and adds the webhook registration when configured', () => {
    const nested: CollectionConfig = { ...customers, related: [{ ...customers.related[0]!, createPath: 'nested' }] };
    const { operations } = surfaceInventory({
      collections: [nested],
      webhooks: webhooks({ method: 'POST', path: '/webhooks' }),
    });
    expect(operations.filter((operation) => operation.verb === 'create').map((operation) => operation.label)).toEqual([
      'POST /customers',
      'POST /customers/{id}/orders',
    ]);
    expect(operations.at(-1)).toEqual({
      verb: 'register',
      method: 'POST',
      pathTemplate: '/webhooks',
      label: 'POST /webhooks',
    });
  });
});
