// Pagers that err where a long list's window is judged, behind a proxy in front of the reference
// server holding 20,000 products: an offset view that hides some of the kit's records, an offset
// that is now and then off by one, and a result window that refuses deep offsets. Nobody else writes,
// so the first two must fail; the third is no defect of paging and must leave the checks incomplete,
// saying why, never failed.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import type { ProxyChanges } from '../test-support/middle-proxy.js';
import { runBehindProxy } from '../test-support/run-behind-proxy.js';

// Only /products, so the defect is judged there; no webhooks, which name /customers.
const onlyProducts = (example: Record<string, unknown>): Record<string, unknown> => {
  const { webhooks: _webhooks, ...rest } = example;
  return {
    ...rest,
    collections: (example['collections'] as { name: string }[]).filter((collection) => collection.name === 'products'),
  };
};

async function runBehind(changes: ProxyChanges, checks: readonly string[]): Promise<RunResult> {
  return runBehindProxy({ changes, checks, server: { seedRecords: { products: 20_000 } }, config: onlyProducts });
}

const statusOf = (run: RunResult, id: string) => run.checks.find((check) => check.id === id);
const offsetOf = (path: string): number | undefined => {
  const url = new URL(path, 'http://proxy.invalid');
  if (url.pathname !== '/products') return undefined;
  const offset = url.searchParams.get('offset');
  const page = url.searchParams.get('page');
  const size = Number(url.searchParams.get(page === null ? 'limit' : 'per_page') ?? 20);
  if (offset !== null) return Number(offset);
  return page === null ? undefined : (Number(page) - 1) * size;
};

describe('pagers that err on a long list', () => {
  it('fails an offset view that hides some of the kit’s records, which a cursor shows', async () => {
    const run = await runBehind(
      {
        answerBody: (method, path, status, body) => {
          if (method !== 'GET' || status !== 200 || offsetOf(path) === undefined) return body;
          const page = JSON.parse(body.toString('utf8')) as { items: { id: string }[] };
          // The kit's records (not the seeded ones) whose id ends in 0–3: about a quarter.
          page.items = page.items.filter((item) => item.id.startsWith('prd_seed') || !/[0-3]$/.test(item.id));
          return Buffer.from(JSON.stringify(page));
        },
      },
      ['pagination.offset.walk-complete', 'pagination.stable-order'],
    );
    for (const id of ['pagination.offset.walk-complete', 'pagination.stable-order']) {
      const check = statusOf(run, id);
      const said =
        check === undefined
          ? 'absent'
          : 'error' in check
            ? JSON.stringify(check.error)
            : JSON.stringify(check.findings);
      expect(check?.status, `${id}: ${said}`).toBe('failed');
      expect(check?.status === 'failed' && check.message).toMatch(/never listed .* while nothing changed/);
    }
  });

  it('fails an offset that is off by one on every other page', async () => {
    const run = await runBehind(
      {
        forwardPath: (method, path) => {
          const url = new URL(path, 'http://proxy.invalid');
          const offset = url.searchParams.get('offset');
          if (
            method !== 'GET' ||
            url.pathname !== '/products' ||
            offset === null ||
            Math.floor(Number(offset) / 5) % 2 === 0
          )
            return path;
          url.searchParams.set('offset', String(Number(offset) + 1));
          return `${url.pathname}${url.search}`;
        },
      },
      ['pagination.offset.walk-complete'],
    );
    const check = statusOf(run, 'pagination.offset.walk-complete');
    expect(check?.status, JSON.stringify(check?.findings.slice(0, 3))).toBe('failed');
  });

  it('leaves the checks that need the end incomplete, naming the result window, when deep offsets are refused', async () => {
    const checks = ['pagination.walk-within-budget', 'pagination.has-more-accurate', 'pagination.offset.walk-complete'];
    const run = await runBehind(
      {
        answer: (method, path) => {
          const offset = offsetOf(path);
          return method === 'GET' && offset !== undefined && offset >= 10_000
            ? { status: 400, json: { error: 'offset + limit must be at most 10000' } }
            : undefined;
        },
      },
      checks,
    );
    for (const id of checks) {
      const check = statusOf(run, id);
      expect(check?.status, `${id}: ${JSON.stringify(check)}`.slice(0, 600)).toBe('errored');
      expect(check?.status === 'errored' && check.message).toMatch(
        /deeper offsets are refused or come back empty \(a result window\)/,
      );
    }
  });
});
