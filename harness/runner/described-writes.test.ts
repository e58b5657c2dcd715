import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../config/config-types.js';
import { validateConfig } from '../config/validate-config.js';
import { describedWrites } from './described-writes.js';

const example = JSON.parse(readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8')) as {
  collections: { related?: Record<string, unknown>[] }[];
  webhooks: Record<string, unknown>;
};

function configOf(raw: unknown): ApicertConfig {
  const validation = validateConfig(raw);
  if (!validation.ok) throw new Error(validation.problems.join('\n'));
  return validation.config;
}

const base = 'https://api.example.com/v1';
const guard = describedWrites(configOf(example), base);
const sent = (method: string, path: string) => guard(method, `${base}${path}`) === undefined;

describe('describedWrites', () => {
  it('lets every write through to what the config describes, under the base URL’s own path', () => {
    for (const [method, path] of [
      ['POST', '/customers'],
      ['PUT', '/customers/cus_1'],
      ['PATCH', '/customers/a%2Fb'],
      ['DELETE', '/customers/cus_1'],
      ['POST', '/customers/cus_1/orders'],
      ['DELETE', '/orders/ord_9'],
      ['POST', '/webhooks'],
      ['DELETE', '/webhooks/sub_1'],
      ['POST', '/webhook-receiver'],
      ['DELETE', '/customers'],
    ] as const)
      expect(sent(method, path), `${method} ${path}`).toBe(true);
  });

  it('refuses a write anywhere else: the root, another collection, a member’s member, the base URL’s parent, another origin', () => {
    for (const [method, url] of [
      ['DELETE', `${base}/`],
      ['DELETE', base],
      ['POST', `${base}/admin`],
      ['PUT', `${base}/customers/cus_1/extra`],
      ['DELETE', 'https://api.example.com/customers/cus_1'],
      ['POST', 'https://elsewhere.example.com/v1/customers'],
    ] as const)
      expect(guard(method, url), `${method} ${url}`).toMatch(
        /^(POST|PUT|DELETE) \S* was not sent: the config describes no collection, member or webhook path there, and apicert writes nowhere else$/,
      );
  });

  it('lets every read through, wherever it goes (links the target returned, the base URL probe)', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(guard(method, 'https://elsewhere.example.com/')).toBe(undefined);
  });

  it('knows a related list created elsewhere (createPath) and a receiver on another origin', () => {
    const config = configOf({
      ...example,
      collections: [
        {
          name: 'customers',
          path: '/customers',
          sample: { name: 'x {unique}' },
          related: [
            { name: 'notes', path: '/customers/{id}/notes', createPath: '/notes', sample: { parentId: '{parentId}' } },
          ],
        },
      ],
      webhooks: { receiver: { url: 'https://hooks.example.com/in', secretEnv: 'APICERT_WEBHOOK_SECRET' } },
    });
    const other = describedWrites(config, base);
    expect(other('POST', `${base}/notes`)).toBe(undefined);
    expect(other('DELETE', `${base}/customers/c1/notes/n1`)).toBe(undefined);
    expect(other('POST', 'https://hooks.example.com/in')).toBe(undefined);
    expect(other('POST', 'https://hooks.example.com/elsewhere')).toMatch(/was not sent/);
  });
});
