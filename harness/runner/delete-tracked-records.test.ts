import { describe, expect, it } from 'vitest';
import { siblingBatches } from './delete-tracked-records.js';

describe('siblingBatches', () => {
  it('batches consecutive records of one collection, never a parent with its children', () => {
    const newestFirst = ['/orders/3', '/orders/2', '/orders/1', '/customers/c2/notes/9', '/customers/c2', '/customers/c1', '/orders/0'];
    expect(siblingBatches(newestFirst, 2)).toEqual([['/orders/3', '/orders/2'], ['/orders/1'], ['/customers/c2/notes/9'], ['/customers/c2', '/customers/c1'], ['/orders/0']]);
  });

  it('keeps the order it was given', () => {
    const paths = Array.from({ length: 9 }, (_, i) => `/products/${9 - i}`);
    expect(siblingBatches(paths, 4).flat()).toEqual(paths);
    expect(siblingBatches(paths, 4).map((b) => b.length)).toEqual([4, 4, 1]);
  });
});
