import { describe, expect, it } from 'vitest';
import { HttpPathRefusedError } from '../errors.js';
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

  it('refuses a path with a dot segment before the URL parser folds it into a neighbouring resource', () => {
    for (const path of ['/widgets/..', '/widgets/.', '/widgets/%2e%2e', 'http://h/base/widgets/..'])
      expect(() => resolveTargetUrl('http://h/base', path)).toThrow(HttpPathRefusedError);
    expect(resolveTargetUrl('http://h/base', '/widgets/%252e%252e')).toBe('http://h/base/widgets/%252e%252e');
  });
});
