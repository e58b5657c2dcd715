// One probe per resource defect: an observation that the clean server and the defect answer
// differently.
import { Client } from 'undici';
import type { DefectName } from '../../defects.js';
import type { DefectProbe, ProbeEnv } from './probe-env.js';
import { sequenceProbes } from './sequence-probes.js';

const json = { 'content-type': 'application/json' };

async function createCustomer(env: ProbeEnv, tier = 'free'): Promise<string> {
  const answer = await env.api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io', tier } });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
  return answer.json.id as string;
}

// GET /customers on one keep-alive connection, once per header set, never sending a cookie.
async function statusesOnOneConnection(
  env: ProbeEnv,
  headerSets: readonly Record<string, string>[],
): Promise<number[]> {
  const client = new Client(env.url, { pipelining: 1 });
  try {
    const statuses: number[] = [];
    for (const headers of headerSets) {
      const answer = await client.request({ method: 'GET', path: '/customers', headers });
      await answer.body.dump();
      statuses.push(answer.statusCode);
    }
    return statuses;
  } finally {
    await client.close();
  }
}

const withToken = (env: ProbeEnv): Record<string, string> => ({ authorization: `Bearer ${env.token}` });

export const resourceProbes: Partial<Record<DefectName, DefectProbe>> = {
  ...sequenceProbes,
  'list-not-a-page': {
    async observe(env) {
      await createCustomer(env);
      const body = (await env.api.call('GET', '/customers')).json;
      return Array.isArray(body)
        ? 'array'
        : Object.keys(body as object)
            .sort()
            .join(',');
    },
    clean: 'has_more,items,next_cursor',
    broken: 'array',
  },
  'rate-limited': {
    // Four reads in a row: the fourth meets the quota.
    async observe(env) {
      const answers = [];
      for (let index = 0; index < 4; index += 1) answers.push(await env.api.call('GET', '/customers'));
      return answers.map(
        (answer) =>
          `${answer.status}${answer.headers['retry-after'] === undefined ? '' : ` retry-after ${answer.headers['retry-after']}`}`,
      );
    },
    clean: ['200', '200', '200', '200'],
    broken: ['200', '200', '200', '429 retry-after 1'],
  },
  'put-merges': {
    async observe(env) {
      const id = await createCustomer(env, 'pro');
      return (await env.api.call('PUT', `/customers/${id}`, { body: { name: 'Bea', email: 'bea@x.io' } })).json.tier;
    },
    clean: 'free',
    broken: 'pro',
  },
  'patch-replaces': {
    async observe(env) {
      const id = await createCustomer(env, 'pro');
      const patched = (await env.api.call('PATCH', `/customers/${id}`, { body: { name: 'Bea' } })).json;
      return [patched.email ?? null, patched.tier];
    },
    clean: ['ada@x.io', 'pro'],
    broken: [null, 'free'],
  },
  'delete-keeps-record': {
    async observe(env) {
      const id = await createCustomer(env);
      return [
        (await env.api.call('DELETE', `/customers/${id}`)).status,
        (await env.api.call('GET', `/customers/${id}`)).status,
      ];
    },
    clean: [204, 404],
    broken: [204, 200],
  },
  'nested-list-leaks-other-parents': {
    async observe(env) {
      const [parent, other] = [await createCustomer(env), await createCustomer(env)];
      await env.api.call('POST', `/customers/${other}/orders`, { body: { total: 1, status: 'paid' } });
      return (await env.api.call('GET', `/customers/${parent}/orders`)).json.items.length;
    },
    clean: 0,
    broken: 1,
  },
  'nested-list-unknown-parent-200': {
    async observe(env) {
      return (await env.api.call('GET', '/customers/cus_0000000000000000/orders')).status;
    },
    clean: 404,
    broken: 200,
  },
  'auth-not-enforced': {
    async observe(env) {
      return [
        (await env.api.call('GET', '/customers', { token: null })).status,
        (await env.api.call('GET', '/customers', { token: 'wrong' })).status,
      ];
    },
    clean: [401, 401],
    broken: [200, 200],
  },
  'wrong-token-accepted': {
    async observe(env) {
      return [
        (await env.api.call('GET', '/customers', { token: null })).status,
        (await env.api.call('GET', '/customers', { token: 'wrong' })).status,
      ];
    },
    clean: [401, 401],
    broken: [401, 200],
  },
  'refused-write-applied': {
    async observe(env) {
      const id = await createCustomer(env);
      const patched = await env.api.call('PATCH', `/customers/${id}`, { token: 'wrong', body: { tier: 'pro' } });
      const read = await env.api.call('GET', `/customers/${id}`);
      return [patched.status, read.json.tier];
    },
    clean: [401, 'free'],
    broken: [401, 'pro'],
  },
  'nested-routes-unauthenticated': {
    async observe(env) {
      const id = await createCustomer(env);
      return [
        (await env.api.call('GET', '/customers', { token: null })).status,
        (await env.api.call('GET', `/customers/${id}/orders`, { token: null })).status,
      ];
    },
    clean: [401, 401],
    broken: [401, 200],
  },
  'token-compared-by-prefix': {
    async observe(env) {
      return [
        (await env.api.call('GET', '/customers', { token: 'wrong' })).status,
        (await env.api.call('GET', '/customers', { token: env.token.slice(0, -1) })).status,
      ];
    },
    clean: [401, 401],
    broken: [401, 200],
  },
  'token-compared-by-suffix': {
    async observe(env) {
      return [
        (await env.api.call('GET', '/customers', { token: `${env.token}x` })).status,
        (await env.api.call('GET', '/customers', { token: `x${env.token}` })).status,
      ];
    },
    clean: [401, 401],
    broken: [401, 200],
  },
  'credential-remembered-per-connection': {
    observe: (env) => statusesOnOneConnection(env, [withToken(env), {}]),
    clean: [200, 401],
    broken: [200, 200],
  },
  'page-size-remembered': {
    // On one connection: the default page, a page of one, the default page again.
    async observe(env) {
      await createCustomer(env);
      await createCustomer(env);
      const client = new Client(env.url, { pipelining: 1 });
      try {
        const sizes: number[] = [];
        for (const path of ['/customers', '/customers?limit=1', '/customers']) {
          const answer = await client.request({
            method: 'GET',
            path,
            headers: { authorization: `Bearer ${env.token}` },
          });
          sizes.push(((await answer.body.json()) as { items: unknown[] }).items.length);
        }
        return sizes;
      } finally {
        await client.close();
      }
    },
    clean: [2, 1, 2],
    broken: [2, 1, 1],
  },
  'session-cookie-stands-in-for-token': {
    async observe(env) {
      const cookie = (await env.api.call('GET', '/customers')).headers['set-cookie'];
      const sid = typeof cookie === 'string' ? cookie.split(';')[0]! : 'sid=none';
      return [
        typeof cookie,
        (await env.api.call('GET', '/customers', { token: null, headers: { cookie: sid } })).status,
      ];
    },
    clean: ['undefined', 401],
    broken: ['string', 200],
  },
  'nested-list-not-a-page': {
    async observe(env) {
      const id = await createCustomer(env);
      const [top, nested] = [
        (await env.api.call('GET', '/customers')).json,
        (await env.api.call('GET', `/customers/${id}/orders`)).json,
      ];
      return [Array.isArray(top), Array.isArray(nested)];
    },
    clean: [false, false],
    broken: [false, true],
  },
  'deleted-child-still-nested': {
    async observe(env) {
      const id = await createCustomer(env);
      const order = (await env.api.call('POST', `/customers/${id}/orders`, { body: { total: 1, status: 'paid' } })).json
        .id as string;
      await env.api.call('GET', `/customers/${id}/orders`);
      await env.api.call('DELETE', `/orders/${order}`);
      return [
        (await env.api.call('GET', `/orders/${order}`)).status,
        (await env.api.call('GET', `/customers/${id}/orders`)).json.items.length,
      ];
    },
    clean: [404, 0],
    broken: [404, 1],
  },
  'nested-create-rounds-total': {
    async observe(env) {
      const id = await createCustomer(env);
      const viaNested = (
        await env.api.call('POST', `/customers/${id}/orders`, { body: { total: 42.5, status: 'paid' } })
      ).json.total;
      const viaTop = (await env.api.call('POST', '/orders', { body: { customerId: id, total: 42.5, status: 'paid' } }))
        .json.total;
      return [viaNested, viaTop];
    },
    clean: [42.5, 42.5],
    broken: [42, 42.5],
  },
  'products-errors-plain-text': {
    async observe(env) {
      const typeOf = async (path: string): Promise<string> =>
        String((await env.api.call('GET', path)).headers['content-type']).split(';')[0]!;
      return [await typeOf('/customers/cus_missing'), await typeOf('/products/prd_missing')];
    },
    clean: ['application/json', 'application/json'],
    broken: ['application/json', 'text/plain'],
  },
  'json-as-text-plain': {
    async observe(env) {
      return String((await env.api.call('GET', '/customers')).headers['content-type']).split(';')[0];
    },
    clean: 'application/json',
    broken: 'text/plain',
  },
  '500-on-malformed-json': {
    async observe(env) {
      return (await env.api.call('POST', '/customers', { rawBody: '{"name":', headers: json })).status;
    },
    clean: 400,
    broken: 500,
  },
  'id-changeable': {
    async observe(env) {
      const id = await createCustomer(env);
      const put = await env.api.call('PUT', `/customers/${id}`, {
        body: { id: 'cus_renamed', name: 'Ada', email: 'ada@x.io' },
      });
      return [put.status, (await env.api.call('GET', `/customers/${id}`)).status];
    },
    clean: [400, 200],
    broken: [200, 404],
  },
  'get-unknown-id-200': {
    async observe(env) {
      const answer = await env.api.call('GET', '/customers/cus_0000000000000000');
      return [answer.status, answer.json === null];
    },
    clean: [404, false],
    broken: [200, true],
  },
  'unknown-id-403': {
    async observe(env) {
      return (await env.api.call('GET', '/customers/cus_0000000000000000')).status;
    },
    clean: 404,
    broken: 403,
  },
  'create-not-persisted': {
    async observe(env) {
      const id = await createCustomer(env);
      return (await env.api.call('GET', `/customers/${id}`)).status;
    },
    clean: 200,
    broken: 404,
  },
  'create-returns-200': {
    async observe(env) {
      return (await env.api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: 1 } })).status;
    },
    clean: 201,
    broken: 200,
  },
  'session-cookie-required': {
    observe: (env) => statusesOnOneConnection(env, [withToken(env), withToken(env)]),
    clean: [200, 200],
    broken: [200, 401],
  },
  'singular-collection-name': {
    async observe(env) {
      return [(await env.api.call('GET', '/customers')).status, (await env.api.call('GET', '/customer')).status];
    },
    clean: [200, 404],
    broken: [404, 200],
  },
  'unknown-fields-accepted': {
    async observe(env) {
      return (await env.api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@x.io', vip: true } })).status;
    },
    clean: 400,
    broken: 201,
  },
  'wrong-types-accepted': {
    async observe(env) {
      return (await env.api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: '12' } })).status;
    },
    clean: 400,
    broken: 201,
  },
  'no-body-size-limit': {
    async observe(env) {
      const raw = JSON.stringify({ name: 'Ada', email: 'ada@x.io', tier: 'free', padding: 'x'.repeat(150 * 1024) });
      return (await env.api.call('POST', '/customers', { rawBody: raw, headers: json })).status;
    },
    clean: 413,
    // Past the size check, the unknown padding field is refused.
    broken: 400,
  },
  'content-type-not-checked': {
    async observe(env) {
      const raw = JSON.stringify({ name: 'Ada', email: 'ada@x.io' });
      return (await env.api.call('POST', '/customers', { rawBody: raw, headers: { 'content-type': 'text/plain' } }))
        .status;
    },
    clean: 415,
    broken: 201,
  },
  'error-body-not-json': {
    async observe(env) {
      const answer = await env.api.call('GET', '/no-such-route');
      return [answer.status, typeof answer.json?.error?.code];
    },
    clean: [404, 'string'],
    broken: [404, 'undefined'],
  },
};
