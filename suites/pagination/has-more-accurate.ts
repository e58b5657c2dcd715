import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachStyle } from './internal/judge-each-list.js';
import { judgeLastPageCursor } from './internal/last-page-cursor.js';
import type { PaginationStyle } from './internal/list-targets.js';
import type { OpenList } from './internal/open-list.js';
import { coverReachedEnd, outcomeOfReachedEnd } from './internal/outcome-of-reached-end.js';
import { reachListEnd } from './internal/reach-list-end.js';
import { findEmptyPageAfterMore, largestDivisorUpTo } from './internal/page-rules.js';
import { fetchPage, walkEvidence, type FetchedPage, type PageWalk } from './internal/page-walker.js';
import { quietWalkChart } from './internal/walk-chart.js';
import { nextPageQuery, type PageQuery } from './internal/walk-decision.js';
import { notAPageCauseOf } from './internal/not-a-page-cause.js';

// Convention 4.2/5 and 4.2/8: has_more is true only when a further item exists, the last page says
// has_more false, and next_cursor there takes the form pagination.lastPageCursor allows. A list
// longer than a walk is judged on its last pages, reached through a measure of its length
// (reach-list-end.ts).
export const hasMoreAccurate = defineCheck({
  id: 'pagination.has-more-accurate',
  suite: 'pagination',
  conformanceClass: 'pagination-cursor',
  rule: '4.2/5, 4.2/8',
  level: 'normative',
  leavesOpen: 'next_cursor on the last page (4.2/8: not shown): null, absent or ""; pin pagination.lastPageCursor.',
  title: 'has_more is true only when another item exists; the last page says has_more false',
  proves:
    'In every supported style, each has_more true page is followed by a non-empty page, the last page (also when it is exactly full) says has_more false, and its next_cursor has the configured form; a list longer than budgets.maxPagesPerWalk pages is judged on its last three pages, found by measuring it by offset.',
  covers:
    "has_more and the last page's next_cursor of every list, in each style it supports: walked whole, or over the last three pages of a longer list",
  probes: [
    'has_more true on an exactly full last page, followed by an empty page',
    'empty pages that keep saying has_more true',
    'next_cursor on the last page in a form pagination.lastPageCursor does not allow',
  ],
  provenBy: ['has-more-wrong-on-full-last-page', 'empty-pages-forever'],
  async run(ctx) {
    const pageSize = ctx.config.pagination.walkPageSize;
    // Two full pages and one item (readerFixtureCount): the walk ends on a short page, the probe below on a full one.
    return judgeEachStyle(ctx, (list, style) => judgeStyle(ctx, list, style, pageSize));
  },
});

async function judgeStyle(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  pageSize: number,
): Promise<CheckOutcome | undefined> {
  const what = `${style} walk of ${list.path}`;
  const end = await reachListEnd(
    ctx,
    list,
    style,
    list.target.styles,
    pageSize,
    `walk the list in ${style} style, watching has_more`,
  );
  if (end.kind === 'walked') ctx.chart(quietWalkChart(list, style, end.walk));
  coverReachedEnd(ctx, list, style, end);
  const reached = outcomeOfReachedEnd(ctx, list, end, what);
  if ('outcome' in reached) return reached.outcome;
  const { walk } = reached;
  // The list's length: the pages walked, or, for a long list, what measuring it found.
  const total = end.kind === 'walked' && end.length !== undefined ? end.length : walk.ids.length;
  const emptyAt = findEmptyPageAfterMore(walk.pages.map((p) => (p.page.ok ? p.page.ids.length : 0)));
  if (emptyAt >= 0) {
    const confirmed = await confirmEmptyAfterMore(ctx, list, style, walk.pages[emptyAt - 1]!, what);
    if (confirmed !== undefined) return failEmptyAfterMore(ctx, what, ...confirmed, walkEvidence(walk));
  }

  const last = walk.pages.at(-1)!;
  const lastProblem = last.page.ok
    ? judgeLastPageCursor(last.page.nextCursor, ctx.config.pagination.lastPageCursor)
    : undefined;
  if (lastProblem !== undefined) return failCursorForm(ctx, what, lastProblem, last);

  const fullLast = exactlyFullLastPage(walk, style, pageSize, total);
  if (fullLast === undefined) return undefined;
  const probe = await fetchPage(ctx, list, fullLast, `ask for the last ${style} page sized to be exactly full`);
  if (!probe.page.ok) return failProbe(ctx, what, probe, probe.page.reason, list);
  if (!probe.page.hasMore) {
    const problem = judgeLastPageCursor(probe.page.nextCursor, ctx.config.pagination.lastPageCursor);
    return problem === undefined ? undefined : failCursorForm(ctx, what, problem, probe);
  }
  const next = nextPageQuery(
    style,
    probe.query,
    Number(style === 'page' ? probe.query.per_page : probe.query.limit),
    probe.page.ok ? probe.page.nextCursor : undefined,
  );
  if (next === undefined) return failProbe(ctx, what, probe, 'has_more true without a usable next_cursor', list);
  const after = await fetchPage(ctx, list, next, 'follow has_more after the exactly full last page');
  if (after.page.ok && after.page.ids.length === 0) {
    const confirmed = await confirmEmptyAfterMore(ctx, list, style, probe, what);
    if (confirmed !== undefined)
      return failEmptyAfterMore(ctx, what, ...confirmed, [probe.response.record, after.response.record]);
  }
  // A non-empty page: someone added records meanwhile, so has_more was right.
  return undefined;
}

/**
 * The query that makes the last page exactly full, or undefined when the walk's last page already
 * was; `total` is the list's length (the walk may have covered only its last pages).
 */
function exactlyFullLastPage(
  walk: PageWalk,
  style: PaginationStyle,
  pageSize: number,
  total: number,
): PageQuery | undefined {
  const last = walk.pages.at(-1)!;
  const lastCount = last.page.ok ? last.page.ids.length : 0;
  if (lastCount === pageSize || lastCount === 0) return undefined;
  switch (style) {
    case 'cursor':
      return { ...last.query, limit: lastCount };
    case 'offset':
      return { offset: total - lastCount, limit: lastCount };
    case 'page': {
      const size = largestDivisorUpTo(total, pageSize);
      return { page: total / size, per_page: size };
    }
  }
}

// Reads of a page that said has_more true before an empty one, and of the page after it, that must
// show the same again before it fails: others who delete the records that followed explain it once.
const confirmations = 2;

/**
 * The pair again, when reading `before` and the page after it `confirmations` more times still gives
 * has_more true and then an empty page; undefined when a read of `before` said has_more false (the
 * records that followed were deleted meanwhile: said as information), or when records appeared after
 * it (the list grew under others' writes, so the page is no longer the last: left out, not judged).
 */
async function confirmEmptyAfterMore(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  before: FetchedPage,
  what: string,
): Promise<[FetchedPage, FetchedPage] | undefined> {
  let pair: [FetchedPage, FetchedPage] | undefined;
  for (let attempt = 0; attempt < confirmations; attempt += 1) {
    const again = await fetchPage(ctx, list, before.query, 'read again the page that said has_more true');
    if (again.page.ok && !again.page.hasMore) {
      ctx.info(
        `${what}: ${before.url} said has_more true before an empty page once; read again, it said has_more false (others deleted the records that followed meanwhile)`,
      );
      return undefined;
    }
    const size = Number(style === 'page' ? again.query.per_page : again.query.limit);
    const next = again.page.ok ? nextPageQuery(style, again.query, size, again.page.nextCursor) : undefined;
    const after = next === undefined ? undefined : await fetchPage(ctx, list, next, 'follow has_more again');
    if (after?.page.ok === true && after.page.ids.length > 0) {
      ctx.leaveOut(
        `${list.target.label} (${style}): has_more on the page before an empty one`,
        `${before.url} said has_more true before an empty page; read again, records followed it: others added records meanwhile, so it was no longer the last page`,
      );
      return undefined;
    }
    if (after !== undefined) pair = [again, after];
  }
  return pair;
}

function failEmptyAfterMore(
  ctx: CheckContext,
  what: string,
  before: FetchedPage,
  empty: FetchedPage,
  exchanges: readonly ExchangeRecord[],
): CheckOutcome {
  return ctx.fail(`${what}: ${before.url} said has_more true, but the next page ${empty.url} was empty`, {
    expected: 'has_more true only when a further item exists',
    actual: `has_more true, then an empty page`,
    exchanges,
  });
}

function failCursorForm(ctx: CheckContext, what: string, problem: string, page: FetchedPage): CheckOutcome {
  return ctx.fail(`${what}: ${problem}`, {
    expected: `next_cursor ${ctx.config.pagination.lastPageCursor} on the page with has_more false`,
    actual: problem,
    exchanges: [page.response.record],
  });
}

function failProbe(ctx: CheckContext, what: string, probe: FetchedPage, reason: string, list: OpenList): CheckOutcome {
  return ctx.fail(`${what}: the exactly full last page ${probe.url}: ${reason}`, {
    expected: 'a list page with has_more false',
    actual: reason,
    exchanges: [probe.response.record],
    ...notAPageCauseOf([probe], list.target.label),
  });
}
