import { describe, expect, it } from 'vitest';
import type { CheckContext, TargetRequest, TargetResponse } from '../../../harness/check-api/check-context.js';
import { RequestBudget, RequestBudgetSpent, sideBySideWithin } from './request-budget.js';

describe('RequestBudget', () => {
  it('sends up to its limit, then refuses without reaching the target', async () => {
    const sent: TargetRequest[] = [];
    const ctx = {
      request: async (request: TargetRequest) => (sent.push(request), {} as TargetResponse),
    } as unknown as CheckContext;
    const budget = new RequestBudget(2, '/customers');
    await budget.send(ctx, { path: '/customers' });
    await budget.send(ctx, { path: '/customers' });
    await expect(budget.send(ctx, { path: '/customers' })).rejects.toBeInstanceOf(RequestBudgetSpent);
    await expect(budget.send(ctx, { path: '/customers' })).rejects.toThrow(
      'request budget of 2 requests for /customers is spent (budgets.requestsPerList)',
    );
    expect(sent).toHaveLength(2);
    expect(budget.used).toBe(2);
  });
});

describe('sideBySideWithin', () => {
  it('lets work run side by side only while the budget left covers all of it, else one at a time', async () => {
    const ctx = { request: async () => ({}) as TargetResponse } as unknown as CheckContext;
    const budget = new RequestBudget(10, '/customers');
    expect(sideBySideWithin(budget, 3, 3)).toBe(3);
    await budget.send(ctx, { path: '/customers' });
    expect(sideBySideWithin(budget, 3, 3)).toBe(3);
    await budget.send(ctx, { path: '/customers' });
    expect(sideBySideWithin(budget, 3, 3)).toBe(1);
  });
});
