// Deep cursor pages on its own, without page-size-bounds before it: every cursor list is topped up
// before any is walked, the nested list before /orders, which counts the nested list's records as
// its own depth. Behind a proxy that holds every create 100 ms before forwarding it, a walk that
// began before the nested list's creates landed would find /orders short; a list the config takes for one that
// shows the nested list's records, but which does not, gets records of its own instead.
import { describe, expect, it } from 'vitest';
import type { Check } from '../define-check.js';
import { suites as registry } from '../index.js';
import { runBehindProxy, type ProxiedRun } from '../test-support/run-behind-proxy.js';
import { cursorDeepPagesCostTheSame } from './cursor-deep-pages-cost-the-same.js';

// The check alone, with the creates it made by path (a nested list's by its configured path).
async function runDeepPagesBehind(run: Omit<ProxiedRun, 'registry' | 'checks'>) {
  const posts: Record<string, number> = {};
  const counting: Check = {
    ...cursorDeepPagesCostTheSame,
    run: async (ctx) => {
      const outcome = await cursorDeepPagesCostTheSame.run(ctx);
      for (const e of ctx.exchanges.filter((e) => e.request.method === 'POST')) {
        const path = new URL(e.request.url).pathname.replace(/^\/customers\/[^/]+\//, '/customers/{id}/');
        posts[path] = (posts[path] ?? 0) + 1;
      }
      return outcome;
    },
  };
  const pagination = registry.find((suite) => suite.name === 'pagination')!;
  const { checks } = await runBehindProxy({ ...run, registry: [{ ...pagination, checks: [counting] }] });
  return { result: checks[0]!, posts };
}

const depthOf = (findings: readonly { readonly message: string }[], path: string): number | undefined => {
  const line = findings.find((finding) => finding.message.startsWith(`${path}: first page`));
  const depth = line === undefined ? undefined : /page (\d+) items deep/.exec(line.message)?.[1];
  return depth === undefined ? undefined : Number(depth);
};

describe('pagination.cursor.deep-pages-cost-the-same on its own', () => {
  it("reaches a deep /orders page through the nested list's records, even when creates land late", async () => {
    // With room for every create at once, a walk of /orders could start before any of them landed.
    const { result, posts } = await runDeepPagesBehind({
      changes: { holdRequestMs: (method) => (method === 'POST' ? 100 : 0) },
      concurrency: 200,
    });
    expect(result.status, result.status === 'failed' || result.status === 'errored' ? result.message : undefined).toBe(
      'passed',
    );
    // Ten pages of the walk size, 5: the nested list's 50 orders are /orders' depth too.
    expect(posts['/customers/{id}/orders']).toBe(50);
    expect(posts['/orders']).toBeUndefined();
    expect(depthOf(result.findings, '/orders')).toBeGreaterThanOrEqual(40);
  }, 60_000);

  it("makes records of its own for a list that does not show the nested list's, whatever the config says", async () => {
    // The config names /products "orders", as the nested list's children are named, so the kit takes
    // /products for a list that shows them too; the target's /products shows none of them.
    // The maximum is pinned, so the walks go in strides as long as the records allow: the second walk
    // must reckon with /products' own records alone.
    const { result, posts } = await runDeepPagesBehind({
      changes: {},
      config: (example) => {
        const collections = (example['collections'] as { name: string }[])
          .filter((collection) => collection.name !== 'orders')
          .map((collection) => (collection.name === 'products' ? { ...collection, name: 'orders' } : collection));
        return { ...example, collections, pagination: { ...(example['pagination'] as object), maxPageSize: 100 } };
      },
    });
    expect(result.status, result.status === 'failed' || result.status === 'errored' ? result.message : undefined).toBe(
      'passed',
    );
    expect(posts['/products']).toBe(50);
    expect(depthOf(result.findings, '/products')).toBeGreaterThanOrEqual(40);
  }, 60_000);
});
