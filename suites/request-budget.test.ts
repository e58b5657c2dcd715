// The run's overall request budget (issue 36, item 8): a run that reaches budgets.maxRequests stops
// cleanly, as one past its time budget does: the running and later checks errored with the cause,
// none failed on it, and every record made so far deleted.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../harness/model/run-result.js';
import { runBehindProxy } from './test-support/run-behind-proxy.js';

describe('budgets.maxRequests', () => {
  it('ends the run at the budget: checks errored with the cause, none failed, nothing left on the target', async () => {
    let requests = 0;
    const left: Record<string, number> = {};
    const run: RunResult = await runBehindProxy({
      changes: {
        forwardPath: (_method, path) => {
          requests += 1;
          return path;
        },
      },
      config: (example) => ({
        ...example,
        webhooks: {},
        budgets: { ...(example['budgets'] as object), maxRequests: 150 },
      }),
      afterRun: async (server) => {
        for (const collection of ['customers', 'orders', 'products']) {
          const answer = await fetch(`${server.url}/${collection}?limit=100`, {
            headers: { authorization: `Bearer ${server.token}` },
          });
          left[collection] = ((await answer.json()) as { items: unknown[] }).items.length;
        }
      },
    });
    expect(run.checks.filter((check) => check.status === 'failed').map((check) => check.id)).toEqual([]);
    const stopped = run.checks.filter(
      (check) => check.status === 'errored' && check.error.code === 'APICERT_RUN_BUDGET_EXCEEDED',
    );
    expect(stopped.length).toBeGreaterThan(5);
    expect(run.interrupted).toMatch(/^the run sent 150 requests, its budget \(budgets\.maxRequests\), so it stopped/);
    // The budget, the checks in flight when it was reached, and the clean-up after it.
    expect(requests).toBeGreaterThanOrEqual(150);
    expect(requests).toBeLessThan(400);
    expect(left).toEqual({ customers: 0, orders: 0, products: 0 });
  });
});
