import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { coverReachedEnd, outcomeOfReachedEnd } from './internal/outcome-of-reached-end.js';
import { reachListEnd } from './internal/reach-list-end.js';
import { quietWalkChart } from './internal/walk-chart.js';

// Convention 4.2/5: next_cursor and has_more tell the client how to get more. A pager that sends a
// cursor back to an earlier page, or has_more true with empty pages forever, traps a naive client.
// A list longer than a walk is judged at its end: its last pages, reached by cursor from the
// next_cursor of the page before them (reach-list-end.ts).
export const cursorWalkTerminates = defineCheck({
  id: 'pagination.cursor.walk-terminates',
  suite: 'pagination',
  conformanceClass: 'pagination-cursor',
  rule: '4.2/5',
  level: 'normative',
  title: 'A cursor walk ends: no cursor cycle, no has_more true with empty pages',
  proves:
    'Following next_cursor over every list reaches a page with has_more false within the page budget, never re-uses a cursor, never gets an empty page that says has_more true, never goes back to items already seen; a list longer than budgets.maxPagesPerWalk pages is followed from the next_cursor of the page before its last three.',
  covers:
    'cursor walks (next_cursor) of every list that supports after, to their last page: whole, or over the last three pages of a longer list',
  probes: [
    'a next_cursor that points back to a cursor already followed',
    'empty pages that keep saying has_more true',
    'a page of items already seen',
    'has_more true without a usable next_cursor',
  ],
  provenBy: ['cursor-cycle', 'empty-pages-forever'],
  async run(ctx) {
    const pageSize = ctx.config.pagination.walkPageSize;
    // On three pages (readerFixtureCount): enough for a cursor sent back to the first page to come round again.
    return judgeEachList(
      ctx,
      ['cursor'],
      async (list) => {
        const end = await reachListEnd(
          ctx,
          list,
          'cursor',
          list.target.styles,
          pageSize,
          'walk the list with next_cursor',
        );
        if (end.kind === 'walked') ctx.chart(quietWalkChart(list, 'cursor', end.walk));
        coverReachedEnd(ctx, list, 'cursor', end);
        const reached = outcomeOfReachedEnd(ctx, list, end, `cursor walk of ${list.path} with limit=${pageSize}`);
        return 'outcome' in reached ? reached.outcome : ctx.pass();
      },
      'reads-only',
    );
  },
});
