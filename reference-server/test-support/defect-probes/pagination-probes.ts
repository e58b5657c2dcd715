// One probe per pagination defect. Lists are seeded straight into the store, several records
// per millisecond, so ties on createdAt are common.
import type { DefectName } from '../../defects.js';
import { seedStore } from '../seed-store.js';
import type { DefectProbe, ProbeEnv } from './probe-env.js';
import { walkCursor } from './walk-cursor.js';
import { walkProbes } from './walk-probes.js';

function seedCustomers(env: ProbeEnv, count: number): string[] {
  return seedStore(env.store.customers, count, (index) => ({
    name: `C${index}`,
    email: `c${index}@x.io`,
    tier: 'free',
  }));
}

// The seeded ids in list order (the seed's creation order is not list order within a millisecond).
function listOrder(env: ProbeEnv): string[] {
  return env.store.customers.list().map((record) => record.id);
}

async function ids(env: ProbeEnv, path: string): Promise<string[]> {
  return ((await env.api.call('GET', path)).json.items as { id: string }[]).map((item) => item.id);
}

function summarize(walk: { pages: readonly (readonly string[])[]; hasEnded: boolean }): {
  items: number;
  distinct: number;
  hasEnded: boolean;
} {
  const all = walk.pages.flat();
  return { items: all.length, distinct: new Set(all).size, hasEnded: walk.hasEnded };
}

export const paginationProbes: Partial<Record<DefectName, DefectProbe>> = {
  ...walkProbes,
  'cursor-skips-item': {
    async observe(env) {
      seedCustomers(env, 12);
      return summarize(await walkCursor(env.api, '/customers', 5));
    },
    clean: { items: 12, distinct: 12, hasEnded: true },
    broken: { items: 10, distinct: 10, hasEnded: true },
  },
  'cursor-repeats-last-item': {
    async observe(env) {
      seedCustomers(env, 12);
      return summarize(await walkCursor(env.api, '/customers', 5));
    },
    clean: { items: 12, distinct: 12, hasEnded: true },
    broken: { items: 14, distinct: 12, hasEnded: true },
  },
  'cursor-restarts-when-anchor-deleted': {
    async observe(env) {
      seedCustomers(env, 12);
      const order = listOrder(env);
      const first = (await env.api.call('GET', '/customers?limit=5')).json;
      await env.api.call('DELETE', `/customers/${order[4]!}`);
      const next = await ids(env, `/customers?limit=5&after=${first.next_cursor as string}`);
      return order.indexOf(next[0]!);
    },
    clean: 5,
    broken: 0,
  },
  'cursor-encodes-offset': {
    async observe(env) {
      seedCustomers(env, 12);
      const order = listOrder(env);
      const first = (await env.api.call('GET', '/customers?limit=5')).json;
      await env.api.call('DELETE', `/customers/${order[0]!}`);
      const next = await ids(env, `/customers?limit=5&after=${first.next_cursor as string}`);
      return order.indexOf(next[0]!);
    },
    clean: 5,
    broken: 6,
  },
  'replace-renews-created-at': {
    async observe(env) {
      seedCustomers(env, 3);
      const order = listOrder(env);
      await env.api.call('PUT', `/customers/${order[0]!}`, { body: { name: 'Bea', email: 'bea@x.io' } });
      return (await ids(env, '/customers?limit=5')).map((id) => order.indexOf(id));
    },
    clean: [0, 1, 2],
    broken: [1, 2, 0],
  },
  'order-without-tie-breaker': {
    async observe(env) {
      seedCustomers(env, 30);
      const orders = new Set<string>();
      for (let index = 0; index < 5; index += 1) orders.add((await ids(env, '/customers?limit=100')).join(','));
      return orders.size;
    },
    clean: 1,
    broken: 5,
  },
  'no-max-page-size': {
    async observe(env) {
      seedCustomers(env, 120);
      return (await ids(env, '/customers?limit=150')).length;
    },
    clean: 100,
    broken: 120,
  },
  'no-default-page-size': {
    async observe(env) {
      seedCustomers(env, 25);
      return (await ids(env, '/customers')).length;
    },
    clean: 20,
    broken: 25,
  },
  'zero-based-pages': {
    async observe(env) {
      seedCustomers(env, 12);
      const pageOne = await ids(env, '/customers?page=1&per_page=5');
      return [(await env.api.call('GET', '/customers?page=0&per_page=5')).status, listOrder(env).indexOf(pageOne[0]!)];
    },
    clean: [400, 0],
    broken: [200, 5],
  },
  'per-page-ignored': {
    async observe(env) {
      seedCustomers(env, 25);
      return (await ids(env, '/customers?per_page=5')).length;
    },
    clean: 5,
    broken: 20,
  },
  'limit-ignored': {
    async observe(env) {
      seedCustomers(env, 25);
      return (await ids(env, '/customers?limit=5')).length;
    },
    clean: 5,
    broken: 20,
  },
  'has-more-wrong-on-full-last-page': {
    async observe(env) {
      seedCustomers(env, 10);
      return (await env.api.call('GET', '/customers?limit=5&offset=5')).json.has_more;
    },
    clean: false,
    broken: true,
  },
  '500-past-the-end': {
    async observe(env) {
      seedCustomers(env, 4);
      const statuses = [];
      for (const query of [
        'offset=3&limit=2',
        'offset=4&limit=2',
        'offset=9&limit=2',
        'page=3&per_page=2',
        'page=2&per_page=2',
      ]) {
        statuses.push((await env.api.call('GET', `/customers?${query}`)).status);
      }
      return statuses;
    },
    clean: [200, 200, 200, 200, 200],
    broken: [200, 500, 500, 500, 200],
  },
  'page-past-end-repeats-last-page': {
    async observe(env) {
      seedCustomers(env, 5);
      const order = listOrder(env);
      const pastEnd = (await env.api.call('GET', '/customers?page=4&per_page=2')).json;
      return {
        items: (pastEnd.items as { id: string }[]).map((item) => order.indexOf(item.id)),
        hasMore: pastEnd.has_more,
        byOffset: (await ids(env, '/customers?offset=6&limit=2')).length,
      };
    },
    clean: { items: [], hasMore: false, byOffset: 0 },
    broken: { items: [4], hasMore: false, byOffset: 0 },
  },
  '500-on-invalid-params': {
    async observe(env) {
      return (await env.api.call('GET', '/customers?limit=abc')).status;
    },
    clean: 400,
    broken: 500,
  },
  'invalid-params-ignored': {
    async observe(env) {
      return [
        (await env.api.call('GET', '/customers?limit=abc')).status,
        (await env.api.call('GET', '/customers?after=garbage')).status,
      ];
    },
    clean: [400, 400],
    broken: [200, 200],
  },
  'over-max-rejected': {
    async observe(env) {
      return (await env.api.call('GET', '/customers?limit=101')).status;
    },
    clean: 200,
    broken: 400,
  },
  'last-page-cursor-absent': {
    async observe(env) {
      seedCustomers(env, 2);
      return Object.keys((await env.api.call('GET', '/customers')).json).sort();
    },
    clean: ['has_more', 'items', 'next_cursor'],
    broken: ['has_more', 'items'],
  },
  'nested-list-ignores-limit': {
    async observe(env) {
      const [customerId] = seedCustomers(env, 1);
      seedStore(env.store.orders, 8, (index) => ({ customerId, total: index, status: 'paid' }));
      const answer = (await env.api.call('GET', `/customers/${customerId!}/orders?limit=3`)).json;
      return [answer.items.length, answer.has_more];
    },
    clean: [3, true],
    broken: [8, false],
  },
  'cursor-cycle': {
    async observe(env) {
      seedCustomers(env, 12);
      return summarize(await walkCursor(env.api, '/customers', 5, 8));
    },
    clean: { items: 12, distinct: 12, hasEnded: true },
    broken: { items: 40, distinct: 10, hasEnded: false },
  },
  'empty-pages-forever': {
    async observe(env) {
      seedCustomers(env, 3);
      const walk = await walkCursor(env.api, '/customers', 5, 6);
      return [summarize(walk), walk.pages.map((page) => page.length)];
    },
    clean: [{ items: 3, distinct: 3, hasEnded: true }, [3]],
    broken: [{ items: 3, distinct: 3, hasEnded: false }, [3, 0, 0, 0, 0, 0]],
  },
  'offset-page-mismatch': {
    async observe(env) {
      seedCustomers(env, 12);
      return [
        (await ids(env, '/customers?page=2&per_page=5'))[0] === (await ids(env, '/customers?offset=5&limit=5'))[0],
      ];
    },
    clean: [true],
    broken: [false],
  },
  'slow-deep-pages': {
    options: { defectTuning: { slowDeepPageMsPerItem: 5 } },
    async observe(env) {
      seedCustomers(env, 300);
      const timed = async (path: string): Promise<number> => {
        const started = performance.now();
        await env.api.call('GET', path);
        return performance.now() - started;
      };
      const shallow = await timed('/customers?limit=5');
      const deep = await timed('/customers?limit=5&offset=290');
      // 290 items at 5 ms each: ~1450 ms extra when the defect is on.
      return deep - shallow > 800;
    },
    clean: false,
    broken: true,
  },
};
