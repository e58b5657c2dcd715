import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSortKeys } from './pagination/sort-key.js';
import { sortKeyArbitrary } from './test-support/sort-key-arbitraries.js';
import { RecordCollection, type StoredRecord } from './store.js';

function record(key: { createdAt: string; id: string }): StoredRecord {
  return { ...key, updatedAt: key.createdAt };
}

describe('RecordCollection', () => {
  it('keeps records in list order through any sequence of inserts and removals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(sortKeyArbitrary, fc.boolean())), (steps) => {
        const collection = new RecordCollection('cus_');
        const expected = new Map<string, StoredRecord>();
        for (const [key, isRemoval] of steps) {
          if (isRemoval) {
            collection.remove(key.id);
            expected.delete(key.id);
          } else if (!expected.has(key.id)) {
            collection.insert(record(key));
            expected.set(key.id, record(key));
          }
        }
        expect(collection.list()).toEqual([...expected.values()].sort(compareSortKeys));
        for (const [id, value] of expected) expect(collection.get(id)).toEqual(value);
      }),
    );
  });

  it('re-keys a record on replace with a new id', () => {
    const collection = new RecordCollection('cus_');
    collection.insert(record({ createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_a' }));
    collection.replace('cus_a', record({ createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_b' }));
    expect(collection.has('cus_a')).toBe(false);
    expect(collection.list().map((item) => item.id)).toEqual(['cus_b']);
  });

  it('refuses a duplicate id and mints prefixed unique ids', () => {
    const collection = new RecordCollection('ord_');
    const id = collection.newId();
    expect(id).toMatch(/^ord_[0-9a-f]{16}$/);
    collection.insert(record({ createdAt: '2024-01-01T00:00:00.000Z', id }));
    expect(() => collection.insert(record({ createdAt: '2024-01-01T00:00:00.000Z', id }))).toThrow();
    expect(collection.newId()).not.toBe(id);
  });
});
