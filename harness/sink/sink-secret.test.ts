import { describe, expect, it } from 'vitest';
import { newSinkSecret } from './sink-secret.js';

describe('newSinkSecret', () => {
  it('is 32 fresh random bytes in hex for a raw key', () => {
    const [a, b] = [newSinkSecret(), newSinkSecret({ form: 'raw' })];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('is the prefix and 32 random bytes in base64 for a base64 key (a Standard Webhooks whsec_ secret)', () => {
    const secret = newSinkSecret({ form: 'base64', prefix: 'whsec_' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });
});
