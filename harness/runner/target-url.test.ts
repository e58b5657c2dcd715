import { describe, expect, it } from 'vitest';
import { resolveTargetUrl } from './target-url.js';

describe('resolveTargetUrl', () => {
  it('keeps the base path prefix and adds the query', () => {
    expect(resolveTargetUrl('http://127.0.0.1:9/api/v1/', '/customers', { limit: 5, after: undefined })).toBe(
      'http://127.0.0.1:9/api/v1/customers?limit=5',
    );
  });

  it('encodes query values', () => {
    expect(resolveTargetUrl('http://h', 'x', { after: 'a b&c' })).toBe('http://h/x?after=a+b%26c');
  });

  it('uses an absolute URL as given', () => {
    expect(resolveTargetUrl('http://h/base', 'http://other:1/p?q=1')).toBe('http://other:1/p?q=1');
  });
});
