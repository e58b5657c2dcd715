import { describe, expect, it } from 'vitest';
import { RunBudgetExceededError } from '../errors.js';
import { fakeClient } from '../runner/test-support/fake-runner-parts.js';
import { withRequestBudget } from './request-budget.js';

const get = { method: 'GET', url: 'http://127.0.0.1:9/customers' };

describe('withRequestBudget', () => {
  it('stops the run at the budget, naming the key, and still sends what follows (clean-up)', async () => {
    const { client, sent } = fakeClient();
    const budgeted = withRequestBudget(client, 3);
    await budgeted.send(get);
    await budgeted.send(get);
    expect(budgeted.exhausted.aborted).toBe(false);
    await budgeted.send(get);
    expect(budgeted.exhausted.reason).toBeInstanceOf(RunBudgetExceededError);
    expect((budgeted.exhausted.reason as RunBudgetExceededError).message).toBe(
      'the run sent 3 requests, its budget (budgets.maxRequests), so it stopped: the running and later checks were not judged; raise budgets.maxRequests, or run fewer collections or suites at a time',
    );
    await budgeted.send({ ...get, method: 'DELETE' });
    expect(sent).toHaveLength(4);
    expect(budgeted.sent()).toBe(4);
  });
});
