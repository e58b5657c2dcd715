import { describe, expect, it } from 'vitest';
import type { CollectionConfig } from '../../../harness/check-api/check-context.js';
import { listTargets, stylesToJudge } from './list-targets.js';

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
      createPath: 'nested',
      idField: 'orderId',
      memberPath: '/orders/{childId}',
      pagination: { styles: ['cursor'] },
    },
  ],
};

describe('listTargets', () => {
  it('lists each collection, then its nested lists, with their own id field and styles', () => {
    const targets = listTargets({ collections: [customers, { ...customers, name: 'products', path: '/products', related: [] }] });
    expect(targets.map((t) => [t.label, t.idField, t.styles.join('+'), t.related?.name])).toEqual([
      ['/customers', 'id', 'offset+page+cursor', undefined],
      ['/customers/{id}/orders', 'orderId', 'cursor', 'orders'],
      ['/products', 'id', 'offset+page+cursor', undefined],
    ]);
  });

  it('judges only the styles a list supports', () => {
    const [, nested] = listTargets({ collections: [customers] });
    expect(stylesToJudge(nested!, ['offset', 'cursor'])).toEqual(['cursor']);
    expect(stylesToJudge(nested!, ['page'])).toEqual([]);
  });
});
