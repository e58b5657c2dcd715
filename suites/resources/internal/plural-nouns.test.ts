import { describe, expect, it } from 'vitest';
import { collectionSegments, looksPlural } from './plural-nouns.js';

describe('plural nouns', () => {
  it.each(['customers', 'orders', 'line-items', 'orderItems', 'people', 'data', 'addresses', 'statuses'])(
    '%s reads as plural',
    (word) => {
      expect(looksPlural(word)).toBe(true);
    },
  );

  it.each(['customer', 'order', 'status', 'address', 'line-item', 'orderItem', 'analysis'])(
    '%s reads as singular',
    (word) => {
      expect(looksPlural(word)).toBe(false);
    },
  );

  it('takes only collection segments from a path template', () => {
    expect(collectionSegments('/api/v2/customers/{id}/orders')).toEqual(['customers', 'orders']);
  });
});
