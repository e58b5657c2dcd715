import { defineCheck } from '../define-check.js';
import { mapInParallel } from '../internal/map-in-parallel.js';
import { sideBySideWithin } from './internal/request-budget.js';
import { quietWalkChart } from './internal/walk-chart.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { outcomeOfWalkEnd } from './internal/outcome-of-walk-end.js';
import { describeWalkedUrls } from './internal/page-walker.js';
import { coverReachedEnd } from './internal/outcome-of-reached-end.js';
import { reachListEnd, type ReachedEnd } from './internal/reach-list-end.js';
import { describeWalkEnd } from './internal/walk-decision.js';

// Convention 4.2/4 and 8: lists are bounded, and every list has an end the client can reach in
// every style it offers. A staging list may hold a million records, so the kit does not walk it
// whole: a list that ends within budgets.maxPagesPerWalk pages is walked from its first page; a
// longer one is measured by offset (doubling, then bisecting: about forty reads for a million
// records) and its last pages are walked in each style, by cursor from the next_cursor of the page
// before them. The report names the exact page URLs walked.
export const walkWithinBudget = defineCheck({
  id: 'pagination.walk-within-budget',
  suite: 'pagination',
  conformanceClass: 'pagination-bounds',
  rule: '4.2/4, 4.2/5, 8',
  level: 'normative',
  title: 'Every list can be walked to its end in every supported style within the request budget',
  proves:
    'Each list, in limit/offset, page/per_page and next_cursor as configured, reaches an end with has_more false within the page and request budgets, without an empty has_more page or a cycle: walked whole when it ends within budgets.maxPagesPerWalk pages, otherwise found by a bounded search by offset and its last pages walked; the URLs walked are reported.',
  covers:
    'the end of every list in each configured style: whole walks of lists within budgets.maxPagesPerWalk pages, the last three pages of longer ones (a list of any length costs about forty reads)',
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
        const reached = await mapInParallel(
          styles,
          sideBySideWithin(list.budget, ctx.config.budgets.maxPagesPerWalk + 1, styles.length),
          (style) =>
            reachListEnd(ctx, list, style, list.target.styles, pageSize, `reach the end of the list in ${style} style`),
        );
        for (const [index, style] of styles.entries()) {
          const end = reached[index]!;
          const what = `${style} walk of ${list.path} with page size ${pageSize}`;
          if (end.kind === 'unreachable') {
            cutShort.push(`${style}: ${end.reason}`);
            continue;
          }
          if (end.kind === 'broken') {
            const outcome = outcomeOfWalkEnd(ctx, list, end.walk, `${what}, measuring the list by offset`);
            if (outcome !== undefined) return outcome;
            continue;
          }
          const { walk } = end;
          coverReachedEnd(ctx, list, style, end);
          ctx.chart(quietWalkChart(list, style, walk));
          ctx.info(
            describeWalkedUrls(
              `${list.path} (${style}, ${describeReach(end, ctx.config.budgets.maxPagesPerWalk)}; ${list.budget.used} of ${list.budget.limit} requests used on the list)`,
              walk,
            ),
          );
          if (walk.end.kind === 'page-budget' || walk.end.kind === 'request-budget') {
            // Only a list with neither offset nor page style is walked whole past the budget.
            const why = styles.includes('offset') || styles.includes('page') ? '' : `; ${noSearchStyle}`;
            cutShort.push(`${style}: ${describeWalkEnd(walk.end)}${why}`);
            continue;
          }
          const outcome = outcomeOfWalkEnd(ctx, list, walk, what);
          if (outcome !== undefined) return outcome;
        }
        // A list longer than the budget is no defect, but a walk that did not reach the end proved
        // nothing. (judgeEachList names the list.)
        if (cutShort.length > 0)
          return ctx.incomplete(`${cutShort.join('; ')}; raise the budget to walk it to its end`);
        return ctx.pass();
      },
      'reads-only',
    );
  },
});

const noSearchStyle =
  'the list offers neither offset nor page style (pagination.styles), through which the kit finds the end of a long list in a few dozen reads';

function describeReach(end: Extract<ReachedEnd, { kind: 'walked' }>, maxPages: number): string {
  if (end.how === 'whole') return `${end.walk.pages.length} of ${maxPages} pages from the first`;
  return `${end.length ?? '?'} records, measured in ${end.reads} reads; the last ${end.walk.pages.length} pages walked`;
}
