import { describe, expect, it } from 'vitest';
import { listConfigKeys } from './config-keys.js';

describe('listConfigKeys', () => {
  it('lists nested keys dotted, with [] after lists', () => {
    const keys = listConfigKeys();
    expect(keys).toEqual(
      expect.arrayContaining([
        '$schema',
        'target.auth.tokenEnv',
        'collections[].related[].createPath',
        'collections[].pagination.styles',
        'webhooks.sender.sink.tls.certFile',
        'webhooks.receiver.observe.pointer',
        'budgets.totalRunMs',
      ]),
    );
  });

  it('lists each key once and nothing inside request bodies', () => {
    const keys = listConfigKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => /\.(sample|replace|patch|body|create|update)\./.test(key))).toEqual([]);
  });
});
