import { describe, expect, it } from 'vitest';
import { unknownIdLike } from './unknown-id.js';

describe('unknownIdLike', () => {
  it('keeps numeric ids numeric and others textual', () => {
    expect(unknownIdLike(42, () => 0.5)).toBe('9000000500000');
    expect(unknownIdLike('17', () => 0)).toBe('9000000000000');
    expect(unknownIdLike('cus_ab12', () => 0.5)).toMatch(/^apicert-missing-[0-9a-z]+$/);
  });
});
