import { describe, expect, it } from 'vitest';
import type { CollectionConfig } from '../../../harness/check-api/check-context.js';
import { listTargets } from './list-targets.js';
import {
  listsMayShareRecords,
  listsShareCounts,
  nestedListsListedIn,
  walkPageSizeAmong,
} from './lists-share-records.js';

const collection = (name: string, related: CollectionConfig['related'] = []): CollectionConfig => ({
  name,
  path: `/${name}`,
  idField: 'id',
  sample: {},
  pagination: { styles: ['cursor'] },
  related,
});
const nested = (name: string, memberPath: string): CollectionConfig['related'][number] => ({
  name,
  path: `/customers/{id}/${name}`,
  sample: {},
  createPath: 'nested',
  idField: 'id',
  memberPath,
  pagination: { styles: ['cursor'] },
});

function labelsSharing(collections: CollectionConfig[]): string[] {
  const targets = listTargets({ collections });
  const pairs: string[] = [];
  for (const [i, a] of targets.entries())
    for (const b of targets.slice(i + 1)) if (listsMayShareRecords(a, b)) pairs.push(`${a.label} ~ ${b.label}`);
  return pairs;
}

describe('listsMayShareRecords', () => {
  it('links a nested list to its parent and to the top-level collection its children are members of', () => {
    const pairs = labelsSharing([
      collection('customers', [nested('orders', '/orders/{childId}')]),
      collection('orders'),
      collection('products'),
    ]);
    expect(pairs).toEqual(['/customers ~ /customers/{id}/orders', '/customers/{id}/orders ~ /orders']);
  });

  it('links a nested list to the collection of its name even when its members live under the parent', () => {
    const pairs = labelsSharing([
      collection('customers', [nested('invoices', '/customers/{id}/invoices/{childId}')]),
      collection('invoices'),
    ]);
    expect(pairs).toEqual(['/customers ~ /customers/{id}/invoices', '/customers/{id}/invoices ~ /invoices']);
  });

  it('keeps top-level collections apart, and a list shares records with itself', () => {
    const targets = listTargets({ collections: [collection('customers'), collection('products')] });
    expect(listsMayShareRecords(targets[0]!, targets[1]!)).toBe(false);
    expect(listsMayShareRecords(targets[0]!, targets[0]!)).toBe(true);
  });
});

describe('nestedListsListedIn and walkPageSizeAmong', () => {
  it('finds the nested lists whose records a top-level list also lists, by member path or by collection name', () => {
    const targets = listTargets({
      collections: [
        collection('customers', [
          nested('orders', '/orders/{childId}'),
          nested('invoices', '/customers/{id}/invoices/{childId}'),
        ]),
        collection('orders'),
        collection('invoices'),
        collection('products'),
      ],
    });
    const byLabel = (label: string) => targets.find((target) => target.label === label)!;
    expect(nestedListsListedIn(byLabel('/orders'), targets).map((t) => t.label)).toEqual(['/customers/{id}/orders']);
    expect(nestedListsListedIn(byLabel('/invoices'), targets).map((t) => t.label)).toEqual([
      '/customers/{id}/invoices',
    ]);
    // A parent's list shows its own records only, and a nested list only its parent's children.
    expect(nestedListsListedIn(byLabel('/customers'), targets)).toEqual([]);
    expect(nestedListsListedIn(byLabel('/customers/{id}/orders'), targets)).toEqual([]);
    expect(walkPageSizeAmong(byLabel('/orders'), targets, 5)).toBe(10);
    expect(walkPageSizeAmong(byLabel('/products'), targets, 5)).toBe(5);
    expect(walkPageSizeAmong(byLabel('/customers/{id}/orders'), targets, 5)).toBe(5);
  });
});

describe('listsShareCounts', () => {
  it('links a nested list only to the top-level list that lists its records too, not to its parent', () => {
    const targets = listTargets({
      collections: [
        collection('customers', [nested('orders', '/orders/{childId}')]),
        collection('orders'),
        collection('products'),
      ],
    });
    const pairs: string[] = [];
    for (const [i, a] of targets.entries())
      for (const b of targets.slice(i + 1)) if (listsShareCounts(a, b)) pairs.push(`${a.label} ~ ${b.label}`);
    // A child added under a customer adds no customer, while listsMayShareRecords links the two as well.
    expect(pairs).toEqual(['/customers/{id}/orders ~ /orders']);
    expect(listsShareCounts(targets[0]!, targets[0]!)).toBe(true);
  });
});
