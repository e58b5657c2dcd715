import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../config/config-types.js';
import { deletionBatches, leafRecordsOf, siblingBatches } from './deletion-batches.js';

type Collections = Pick<ApicertConfig, 'collections'>;

function collection(name: string, extra: Record<string, unknown> = {}): Collections['collections'][number] {
  return { name, path: `/${name}`, sample: {}, related: [], ...extra } as unknown as Collections['collections'][number];
}

// The example config's shape: orders refer to a customer, customers have nested orders.
const example: Collections = {
  collections: [
    collection('customers', {
      related: [{ name: 'orders', path: '/customers/{id}/orders', memberPath: '/orders/{childId}', sample: {} }],
    }),
    collection('orders', { sample: { customerId: '{fixture:customers}' } }),
    collection('products'),
    collection('notes', {
      related: [{ name: 'lines', path: '/notes/{id}/lines', memberPath: '/notes/{id}/lines/{childId}', sample: {} }],
    }),
  ],
};

describe('siblingBatches', () => {
  it('batches consecutive records of one collection, never a parent with its children', () => {
    const newestFirst = [
      '/orders/3',
      '/orders/2',
      '/orders/1',
      '/customers/c2/notes/9',
      '/customers/c2',
      '/customers/c1',
      '/orders/0',
    ];
    expect(siblingBatches(newestFirst, 2)).toEqual([
      ['/orders/3', '/orders/2'],
      ['/orders/1'],
      ['/customers/c2/notes/9'],
      ['/customers/c2', '/customers/c1'],
      ['/orders/0'],
    ]);
  });

  it('keeps the order it was given', () => {
    const paths = Array.from({ length: 9 }, (_, i) => `/products/${9 - i}`);
    expect(siblingBatches(paths, 4).flat()).toEqual(paths);
    expect(siblingBatches(paths, 4).map((b) => b.length)).toEqual([4, 4, 1]);
  });
});

describe('leafRecordsOf', () => {
  const isLeaf = leafRecordsOf(example);

  it('counts as needed a parent of related records and a collection a body names as {fixture:NAME}', () => {
    expect(isLeaf('/customers/c1')).toBe(false);
    expect(isLeaf('/notes/n1')).toBe(false);
  });

  it('counts as leaves the records nothing refers to, nested ones included', () => {
    expect(isLeaf('/orders/o1')).toBe(true);
    expect(isLeaf('/products/p1')).toBe(true);
    expect(isLeaf('/notes/n1/lines/l1')).toBe(true);
  });

  it('counts as needed what the config does not describe, and a related record that shares a needed member path', () => {
    expect(isLeaf('/webhooks/w1')).toBe(false);
    expect(isLeaf('/products/p1/extra')).toBe(false);
    const shared = leafRecordsOf({
      collections: [
        collection('customers', {
          related: [{ name: 'x', path: '/customers/{id}/x', memberPath: '/customers/{childId}', sample: {} }],
        }),
      ],
    });
    expect(shared('/customers/c9')).toBe(false);
  });

  it('reads names with regular-expression characters literally', () => {
    const odd = leafRecordsOf({ collections: [collection('a.b', { path: '/a.b' })] });
    expect(odd('/a.b/1')).toBe(true);
    expect(odd('/aXb/1')).toBe(false);
  });
});

describe('deletionBatches', () => {
  it('deletes leaves first, whatever their collection, then the rest newest first in sibling batches', () => {
    const newestFirst = [
      '/orders/o3',
      '/products/p2',
      '/customers/c2',
      '/orders/o2',
      '/products/p1',
      '/customers/c1',
      '/orders/o1',
    ];
    const batches = deletionBatches(newestFirst, 4, leafRecordsOf(example));
    expect(batches).toEqual([
      ['/orders/o3', '/products/p2', '/orders/o2', '/products/p1'],
      ['/orders/o1'],
      ['/customers/c2', '/customers/c1'],
    ]);
  });

  it('without a config, is the sibling batching', () => {
    const newestFirst = ['/orders/o2', '/customers/c1', '/orders/o1'];
    expect(deletionBatches(newestFirst, 8)).toEqual(siblingBatches(newestFirst, 8));
  });

  it('deletes every record once', () => {
    const newestFirst = Array.from(
      { length: 50 },
      (_, i) => ['/orders/', '/customers/', '/products/', '/webhooks/'][i % 4]! + String(i),
    );
    const flat = deletionBatches(newestFirst, 7, leafRecordsOf(example)).flat();
    expect([...flat].sort()).toEqual([...newestFirst].sort());
  });
});
