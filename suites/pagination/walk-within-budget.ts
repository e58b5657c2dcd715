import { defineCheck } from '../define-check.js';
import { mapInParallel } from '../internal/map-in-parallel.js';
import { sideBySideWithin } from './internal/request-budget.js';
import { quietWalkChart } from './internal/walk-chart.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { outcomeOfWalkEnd } from './internal/outcome-of-walk-end.js';
import { describeWalkedUrls, walkPages } from './internal/page-walker.js';
import { describeWalkEnd } from './internal/walk-decision.js';

// Convention 4.2/4 and 8: lists are bounded. The kit's side of the bargain: every walk stays within
// budgets.maxPagesPerWalk and budgets.requestsPerList, so a large staging dataset cannot make a run
// unbounded, and the report names the exact page URLs walked.
export const walkWithinBudget = defineCheck({
  id: 'pagination.walk-within-budget',
  suite: 'pagination',
  conformanceClass: 'pagination-bounds',
  rule: '4.2/4, 4.2/5, 8',
  level: 'normative',
  title: 'Every list can be walked to its end in every supported style within the request budget',
  proves:
    'Each list, walked with limit/offset, page/per_page and next_cursor as configured, ends with has_more false within the page and request budgets, without an empty has_more page or a cycle; the URLs walked are reported.',
  covers: 'complete walks of every list in each configured style, within budgets.maxPagesPerWalk and requestsPerList',
  probes: ['a walk that never ends (a cursor cycle, has_more forever)', 'an empty page that says has_more true'],
  provenBy: ['cursor-cycle', 'empty-pages-forever'],
  async run(ctx) {
    const pageSize = ctx.config.pagination.walkPageSize;
    return judgeEachList(
      ctx,
      ['offset', 'page', 'cursor'],
      async (list, styles) => {
        const cutShort: string[] = [];
        // The styles' walks only read: side by side, judged in style order.
        const walks = await mapInParallel(
          styles,
          sideBySideWithin(list.budget, ctx.config.budgets.maxPagesPerWalk + 1, styles.length),
          (style) => walkPages(ctx, list, { style, pageSize, note: `walk the list in ${style} style` }),
        );
        for (const [index, style] of styles.entries()) {
          const walk = walks[index]!;
          ctx.chart(quietWalkChart(list, style, walk));
          ctx.info(
            describeWalkedUrls(
              `${list.path} (${style}, ${walk.pages.length} of ${ctx.config.budgets.maxPagesPerWalk} pages; ${list.budget.used} of ${list.budget.limit} requests used on the list)`,
              walk,
            ),
          );
          if (walk.end.kind === 'page-budget' || walk.end.kind === 'request-budget') {
            cutShort.push(`${style}: ${describeWalkEnd(walk.end)}`);
            continue;
          }
          const outcome = outcomeOfWalkEnd(ctx, list, walk, `${style} walk of ${list.path} with page size ${pageSize}`);
          if (outcome !== undefined) return outcome;
        }
        // A list longer than the budget is no defect, but a walk that did not reach the end proved nothing.
        if (cutShort.length > 0)
          return ctx.incomplete(`${list.path}: ${cutShort.join('; ')}; raise the budget to walk it to its end`);
        return ctx.pass();
      },
      'reads-only',
    );
  },
});
