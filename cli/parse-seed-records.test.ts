import { describe, expect, it } from 'vitest';
import { UsageError } from '../harness/errors.js';
import { parseSeedRecords } from './parse-seed-records.js';

describe('parseSeedRecords', () => {
  it('reads a count per collection, and nothing when the flag is absent', () => {
    expect(parseSeedRecords(undefined)).toEqual({});
    expect(parseSeedRecords('products=20000, orders=5000,customers=0')).toEqual({
      products: 20000,
      orders: 5000,
      customers: 0,
    });
    expect(parseSeedRecords('products=1000000')).toEqual({ products: 1_000_000 });
  });

  it('refuses, in one line saying what to write, what the server cannot hold', () => {
    const cases: [string, string][] = [
      [
        'widgets=10',
        '--seed-records: "widgets=10" is not COLLECTION=COUNT with a collection of customers, orders, products; e.g. products=20000,orders=5000',
      ],
      ['products', '--seed-records: "products" is not COLLECTION=COUNT'],
      ['products=-1', '--seed-records: "products=-1" is not COLLECTION=COUNT'],
      ['products=1000001', '--seed-records: products takes at most 1000000 records (got 1000001)'],
      ['products=1,products=2', '--seed-records names products twice; give each collection once'],
    ];
    for (const [raw, message] of cases) {
      expect(() => parseSeedRecords(raw), raw).toThrow(UsageError);
      expect(() => parseSeedRecords(raw), raw).toThrow(message);
    }
  });
});
