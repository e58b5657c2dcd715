// The per-list request budget (budgets.requestsPerList): every page a check fetches from one list
// counts, so a run against a large staging dataset stays bounded however the target answers.
import type { CheckContext, TargetRequest, TargetResponse } from '../../../harness/check-api/check-context.js';

/**
 * Thrown when a list's budget is spent. It never leaves a check: judgeEachList turns it into an
 * inconclusive list (an info finding), since running out of budget says nothing about the target.
 */
export class RequestBudgetSpent extends Error {
  constructor(
    readonly listLabel: string,
    readonly limit: number,
  ) {
    super(`the request budget of ${limit} requests for ${listLabel} is spent (budgets.requestsPerList)`);
    this.name = 'RequestBudgetSpent';
  }
}

/** Counts the reads a check makes on one list and refuses the one past the limit. */
export class RequestBudget {
  private spent = 0;

  constructor(
    readonly limit: number,
    readonly listLabel: string,
  ) {}

  get used(): number {
    return this.spent;
  }

  /** Sends `request` through ctx when the budget allows; throws RequestBudgetSpent otherwise. */
  async send(ctx: CheckContext, request: TargetRequest): Promise<TargetResponse> {
    if (this.spent >= this.limit) throw new RequestBudgetSpent(this.listLabel, this.limit);
    this.spent += 1;
    return ctx.request(request);
  }
}

/**
 * How many of `count` pieces of work, each making up to `requestsEach` requests on the list, may run
 * side by side: all of them when the budget left covers them all, else one at a time. Side by side,
 * work that shares a tight budget would spend it in the order the answers came, and which piece the
 * budget cut short would depend on timing; one at a time, the first pieces get it, as the verdict is read.
 */
export function sideBySideWithin(budget: RequestBudget, requestsEach: number, count: number): number {
  return budget.limit - budget.used >= requestsEach * count ? count : 1;
}
