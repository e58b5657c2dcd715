import { describe, expect, it } from 'vitest';
import { asRecord, isSuccess } from './answer-shape.js';

describe('answer shape', () => {
  it('calls 200 to 299 a success and nothing else', () => {
    expect([199, 200, 204, 299, 300, 404].map(isSuccess)).toEqual([false, true, true, true, false, false]);
  });

  it('takes only plain objects as records', () => {
    expect(asRecord({ id: 1 })).toEqual({ id: 1 });
    expect([null, [], 'x', 1, undefined].map(asRecord)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
