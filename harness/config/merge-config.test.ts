import { describe, expect, it } from 'vitest';
import { mergeConfig } from './merge-config.js';

describe('mergeConfig', () => {
  it('merges objects key by key with the file winning, and replaces arrays and values whole', () => {
    const derived = {
      target: { baseUrl: 'http://a', auth: { header: 'X-Key', scheme: '' } },
      collections: [{ name: 'a' }, { name: 'b' }],
      pagination: { maxPageSize: 100 },
    };
    const file = {
      target: { auth: { scheme: 'Token' } },
      collections: [{ name: 'c' }],
      budgets: { requestTimeoutMs: 5 },
    };
    expect(mergeConfig(derived, file)).toEqual({
      target: { baseUrl: 'http://a', auth: { header: 'X-Key', scheme: 'Token' } },
      collections: [{ name: 'c' }],
      pagination: { maxPageSize: 100 },
      budgets: { requestTimeoutMs: 5 },
    });
    expect(derived.target.auth.scheme).toBe('');
  });

  it('keeps the base where nothing is laid over it, and takes a value over an object', () => {
    expect(mergeConfig({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(mergeConfig({ webhooks: { sender: { register: {} } } }, { webhooks: { sender: null } })).toEqual({
      webhooks: { sender: null },
    });
  });
});
