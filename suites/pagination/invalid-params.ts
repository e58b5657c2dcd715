import { defineCheck } from '../define-check.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';
import { invalidParamCases, judgeInvalidParamAnswer, policyFor } from './internal/invalid-param-cases.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { describeStatuses } from '../internal/status-tally.js';
import { fetchPage } from './internal/page-walker.js';
import { sideBySideWithin } from './internal/request-budget.js';

// Convention 7/1 and 7/4: a client mistake is answered with a status code, never a server error;
// which answer (4xx or a bounded page) is left open and pinned by pagination.invalidParams.
export const invalidParams = defineCheck({
  id: 'pagination.invalid-params',
  suite: 'pagination',
  conformanceClass: 'pagination-bounds',
  rule: '4.2, 7/1, 7/4, 8',
  level: 'normative',
  leavesOpen:
    'The answer to invalid parameters (7/4: not shown): a 4xx or a bounded page; pin pagination.invalidParams. A 5xx fails (7/1).',
  title: 'Invalid pagination parameters get a 4xx or a bounded page, never a 5xx',
  proves:
    'limit and per_page of abc, -1, 0, 1.5 and a huge number, offset of abc, -1 and 1.5, page of 0, -1, abc and 1.5, and an unknown or garbage cursor each get the answer pagination.invalidParams allows (huge sizes: pagination.overMaxPolicy).',
  covers:
    'the answers of every list to invalid limit, per_page, offset, page and after values, in each style it supports',
  probes: [
    'a 5xx for a value that is not a number, negative, zero or fractional',
    'a 5xx or an unbounded page for a huge size',
    'a 5xx for a garbage or unknown cursor',
    'an answer pagination.invalidParams or overMaxPolicy does not allow',
  ],
  provenBy: ['500-on-invalid-params'],
  async run(ctx) {
    const { pagination } = ctx.config;
    return judgeEachList(
      ctx,
      ['cursor', 'offset', 'page'],
      async (list, styles) => {
        // Each case is one read that no other depends on: asked side by side, judged in case order.
        const cases = invalidParamCases(styles, pagination.walkPageSize);
        const statuses: number[] = [];
        const outcome = await firstVerdictInOrder(
          cases,
          Math.min(ctx.config.target.concurrency, sideBySideWithin(list.budget, 1, cases.length)),
          async (testCase) => {
            const fetched = await fetchPage(ctx, list, testCase.query, 'an invalid pagination parameter');
            statuses.push(fetched.response.status);
            const inForce = policyFor(testCase.kind, pagination);
            const problem = judgeInvalidParamAnswer(
              fetched.response.status,
              fetched.page,
              inForce,
              pagination.maxPageSize,
            );
            if (problem === undefined) return undefined;
            return ctx.fail(`${fetched.url} ${problem}`, {
              expected: {
                either: 'a 4xx or a bounded list page',
                reject: 'a 4xx',
                'bounded-page': 'a bounded list page',
              }[inForce.policy],
              actual: `${fetched.response.status} ${fetched.response.text.slice(0, 120)}`,
              exchanges: [fetched.response.record],
            });
          },
        );
        // What the list answered, in its coverage: a pass on 4xx alone reads differently from one on clamped pages.
        ctx.cover(
          `GET ${list.target.label} with invalid or over-max parameters: answered ${describeStatuses(statuses)}`,
        );
        return outcome ?? ctx.pass();
      },
      'reads-only',
    );
  },
});
