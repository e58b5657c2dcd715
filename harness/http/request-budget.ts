// The run's overall request budget (budgets.maxRequests): a config or a target that would have the
// run send requests without end (thousands of lists, pages that never end across many checks) is
// stopped at a number the user chose, as the time budget stops it, instead of running for hours.
// Past it requests still go out, so the records made so far can be deleted.
import { RunBudgetExceededError } from '../errors.js';
import type { HttpClient, HttpExchange, HttpRequest } from './http-types.js';

export interface BudgetedClient extends HttpClient {
  /** Aborted, with a RunBudgetExceededError as its reason, once `maxRequests` requests were sent. */
  readonly exhausted: AbortSignal;
  /** Requests sent so far. */
  sent(): number;
}

export function withRequestBudget(client: HttpClient, maxRequests: number): BudgetedClient {
  const stop = new AbortController();
  let sent = 0;
  function send(request: HttpRequest): Promise<HttpExchange> {
    sent += 1;
    if (sent >= maxRequests && !stop.signal.aborted) {
      stop.abort(
        new RunBudgetExceededError(
          `the run sent ${maxRequests} requests, its budget (budgets.maxRequests), so it stopped: the running and later checks were not judged; raise budgets.maxRequests, or run fewer collections or suites at a time`,
        ),
      );
    }
    return client.send(request);
  }
  return { send, close: () => client.close(), exhausted: stop.signal, sent: () => sent };
}
