// One probe per resource defect that shows only where operations meet (routes/sequence-slips.ts):
// a short sequence on one record, whose last observation the clean server and the switch differ on.
import type { DefectName } from '../../defects.js';
import type { DefectProbe, ProbeEnv } from './probe-env.js';

async function customer(env: ProbeEnv, name = 'Ada'): Promise<string> {
  const answer = await env.api.call('POST', '/customers', { body: { name, email: 'ada@x.io', tier: 'pro' } });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
  return answer.json.id as string;
}

const replace = (env: ProbeEnv, id: string, name: string) =>
  env.api.call('PUT', `/customers/${id}`, { body: { name, email: 'bea@x.io' } });
const change = (env: ProbeEnv, id: string, name: string) =>
  env.api.call('PATCH', `/customers/${id}`, { body: { name } });
const read = async (env: ProbeEnv, id: string) => (await env.api.call('GET', `/customers/${id}`)).json;
const listedNames = async (env: ProbeEnv) =>
  ((await env.api.call('GET', '/customers?limit=100')).json.items as { name: string }[]).map((item) => item.name);

export const sequenceProbes: Partial<Record<DefectName, DefectProbe>> = {
  'put-leaves-read-cache-stale': {
    async observe(env) {
      const id = await customer(env);
      await read(env, id);
      await replace(env, id, 'Bea');
      return (await read(env, id)).name;
    },
    clean: 'Bea',
    broken: 'Ada',
  },
  'update-applied-only-once': {
    async observe(env) {
      const id = await customer(env);
      await change(env, id, 'Bea');
      const second = await change(env, id, 'Cy');
      return [second.status, second.json.name, (await read(env, id)).name];
    },
    clean: [200, 'Cy', 'Cy'],
    broken: [200, 'Cy', 'Bea'],
  },
  'patch-after-put-restores-old-fields': {
    async observe(env) {
      const id = await customer(env);
      await replace(env, id, 'Bea');
      await change(env, id, 'Cy');
      const record = await read(env, id);
      return [record.name, record.email];
    },
    clean: ['Cy', 'bea@x.io'],
    broken: ['Cy', 'ada@x.io'],
  },
  'delete-misses-updated-record': {
    async observe(env) {
      const [plain, updated] = [await customer(env), await customer(env)];
      await change(env, updated, 'Bea');
      const deletes = [plain, updated].map((id) => env.api.call('DELETE', `/customers/${id}`));
      const statuses = (await Promise.all(deletes)).map((answer) => answer.status);
      const reads = await Promise.all([plain, updated].map((id) => env.api.call('GET', `/customers/${id}`)));
      return [...statuses, ...reads.map((answer) => answer.status)];
    },
    clean: [204, 204, 404, 404],
    broken: [204, 204, 404, 200],
  },
  'patch-hits-last-created': {
    async observe(env) {
      const first = await customer(env, 'Ada');
      const second = await customer(env, 'Bea');
      await change(env, first, 'Cy');
      return [(await read(env, first)).name, (await read(env, second)).name];
    },
    clean: ['Cy', 'Bea'],
    broken: ['Ada', 'Cy'],
  },
  'updated-record-drops-from-list': {
    async observe(env) {
      const id = await customer(env);
      await replace(env, id, 'Bea');
      return [(await env.api.call('GET', `/customers/${id}`)).status, await listedNames(env)];
    },
    clean: [200, ['Bea']],
    broken: [200, []],
  },
  'list-shows-stale-values': {
    async observe(env) {
      const id = await customer(env);
      await listedNames(env);
      await change(env, id, 'Bea');
      return await listedNames(env);
    },
    clean: ['Bea'],
    broken: ['Ada'],
  },
  'non-ascii-values-mangled': {
    async observe(env) {
      const id = await customer(env);
      await change(env, id, 'Zoë');
      return (await read(env, id)).name;
    },
    clean: 'Zoë',
    broken: 'ZoÃ«',
  },
  'unusual-unknown-id-500': {
    async observe(env) {
      const ids = ['cus_missing', 'cus_missing%20x', 'cus_missing.json'];
      return Promise.all(ids.map(async (id) => (await env.api.call('GET', `/customers/${id}`)).status));
    },
    clean: [404, 404, 404],
    broken: [404, 500, 500],
  },
  'foreign-id-served': {
    async observe(env) {
      const id = await customer(env);
      const answer = await env.api.call('GET', `/products/${id}`);
      return [answer.status, answer.json?.name ?? null];
    },
    clean: [404, null],
    broken: [200, 'Ada'],
  },
};
