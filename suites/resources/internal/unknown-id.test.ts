import { describe, expect, it } from 'vitest';
import { unknownIdLike } from './unknown-id.js';

describe('unknownIdLike', () => {
  it('keeps the shape of the target ids: numeric, UUID, prefixed, or else textual', () => {
    expect(unknownIdLike(42, () => 0.5)).toBe('9000000500000');
    expect(unknownIdLike('17', () => 0)).toBe('9000000000000');
    expect(unknownIdLike('3f2b8c1e-9a4d-4e7f-8b2a-1c0d9e8f7a6b', () => 0.5)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(unknownIdLike('cus_ab12', () => 0.5)).toMatch(/^cus_apicertmissing[0-9a-z]+$/);
    expect(unknownIdLike('weird id!', () => 0.5)).toMatch(/^apicert-missing-[0-9a-z]+$/);
  });
});
