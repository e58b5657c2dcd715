// One probe per pagination defect that shows only where walks and writes meet
// (pagination/walk-slips.ts and the routes they touch): a walk with a write or a second walk
// between its pages, whose pages the clean server and the switch differ on.
import type { DefectName } from '../../defects.js';
import type { ApiClient } from '../api-client.js';
import type { DefectProbe, ProbeEnv } from './probe-env.js';

async function customers(env: ProbeEnv, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const body = { name: `C${index}`, email: `c${index}@x.io`, tier: 'free' };
    const answer = await env.api.call('POST', '/customers', { body });
    if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
    ids.push(answer.json.id as string);
  }
  return ids;
}

interface Page {
  readonly ids: string[];
  readonly cursor: string | null;
}

async function page(api: ApiClient, limit: number, after?: string | null): Promise<Page> {
  const query = `limit=${limit}${after === undefined || after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
  const answer = await api.call('GET', `/customers?${query}`);
  if (answer.status !== 200) throw new Error(`GET /customers?${query} answered ${answer.status}`);
  return {
    ids: (answer.json.items as { id: string }[]).map((item) => item.id),
    cursor: answer.json.next_cursor as string | null,
  };
}

/** How often each of `ids` a walk of /customers in pages of 3 lists, after `between` ran after its first page. */
async function countsAfter(env: ProbeEnv, ids: readonly string[], between: () => Promise<void>): Promise<number[]> {
  const listed: string[] = [];
  let current = await page(env.api, 3);
  listed.push(...current.ids);
  await between();
  for (let pages = 0; current.cursor !== null && pages < 10; pages += 1) {
    current = await page(env.api, 3, current.cursor);
    listed.push(...current.ids);
  }
  return ids.map((id) => listed.filter((listedId) => listedId === id).length);
}

export const walkProbes: Partial<Record<DefectName, DefectProbe>> = {
  'patch-moves-record-to-end': {
    async observe(env) {
      const ids = await customers(env, 6);
      return countsAfter(env, ids, async () => {
        await env.api.call('PATCH', `/customers/${ids[0]!}`, { body: { name: 'Changed' } });
      });
    },
    clean: [1, 1, 1, 1, 1, 1],
    broken: [2, 1, 1, 1, 1, 1],
  },
  'child-create-touches-parent': {
    async observe(env) {
      const ids = await customers(env, 6);
      return countsAfter(env, ids, async () => {
        await env.api.call('POST', `/customers/${ids[1]!}/orders`, { body: { total: 5, status: 'pending' } });
      });
    },
    clean: [1, 1, 1, 1, 1, 1],
    broken: [1, 2, 1, 1, 1, 1],
  },
  'cursor-keeps-first-limit': {
    async observe(env) {
      await customers(env, 8);
      const first = await page(env.api, 4);
      return (await page(env.api, 2, first.cursor)).ids.length;
    },
    clean: 2,
    broken: 4,
  },
  'walk-snapshot-shared-per-list': {
    async observe(env) {
      const ids = await customers(env, 6);
      // A record the first walk listed is deleted, then a second walk starts: the first goes on.
      return countsAfter(env, ids.slice(1), async () => {
        await env.api.call('DELETE', `/customers/${ids[0]!}`);
        await page(env.api, 3);
      });
    },
    clean: [1, 1, 1, 1, 1],
    broken: [1, 1, 0, 1, 1],
  },
};
