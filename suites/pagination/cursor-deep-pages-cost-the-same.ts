import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeDeepPageLatency, slowFromMs } from './internal/deep-page-latency.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { kitRecordsOfNestedLists, kitRecordsShownOn, type OpenList } from './internal/open-list.js';
import { outcomeOfWalkEnd } from './internal/outcome-of-walk-end.js';
import { foundBoundsKey, type FoundBounds } from './internal/page-size-probe.js';
import { fetchPage, walkPages, type PageWalk } from './internal/page-walker.js';
import { measureList } from './internal/reach-list-end.js';
import { RequestBudgetSpent } from './internal/request-budget.js';
import { outcomeOfNoWindow } from './internal/walk-window.js';
import { firstPageQuery, type PageQuery } from './internal/walk-decision.js';
import { notAPageCauseOf } from './internal/not-a-page-cause.js';

// Convention 4.2/2: the cursor style "costs the same on deep pages". Latency is noisy and the kit
// cannot build a huge dataset, so slow deep pages are advice, never a failure (a broken walk still
// fails, and one the budget cut short leaves the check incomplete).
export const cursorDeepPagesCostTheSame = defineCheck({
  id: 'pagination.cursor.deep-pages-cost-the-same',
  suite: 'pagination',
  conformanceClass: 'pagination-cursor',
  rule: '4.2/2',
  title: 'A deep cursor page costs about the same as the first page',
  proves:
    'On each list, the latency of the deepest full cursor page reached (fastest of five reads) is reported against the first page’s; a ratio above pagination.deepPageRatioWarn is advice. For the report’s chart only, never judged: the cursor page halfway (fastest of three), and the first, halfway and deep pages by offset and by page number (fastest of two each).',
  level: 'advisory',
  leavesOpen:
    "Rule 4.2/2 is stated, but latency from outside is noisy and the kit's data set is small, so slow deep pages are advice (threshold pagination.deepPageRatioWarn).",
  covers: 'the latency of the first and of the deepest full cursor page of every list that supports after',
  probes: [
    'deep cursor pages that cost more than the first (an offset scan behind the cursor)',
    'a deep page slower than pagination.deepPageRatioWarn times the first (advice)',
  ],
  provenBy: ['slow-deep-pages'],
  async run(ctx) {
    // Lists side by side: its walks are cursor walks, which hold under the others' writes (4.2/2).
    // Each is first topped up to the records the deep page needs, counting a nested list's records
    // toward the list that shows them too (/orders shows /customers/{id}/orders'), topped up first.
    const topUp = (list: OpenList) =>
      list.ensureFixtures(Math.max(0, wantedRecords(ctx) - kitRecordsOfNestedLists(ctx, list)));
    return judgeEachList(ctx, ['cursor'], (list) => judgeList(ctx, list), 'tolerant', { topUp });
  },
});

// Ten pages deep by default, bounded by pagination.fixtureCap: enough for a per-row cost to show,
// small enough to stay fast. Records already on the list only make the deep page deeper.
const depthInPages = 10;
// Interleaved first/deep reads. Noise (a busy machine, a pause) only ever adds time, so the
// fastest of five reads is the page's own cost.
const samples = 5;
// Reads of the page halfway, drawn and never judged: the fastest of three, as for the other styles.
const middleSamples = 3;

/** The records a list needs for its deep page: depthInPages pages of walkPageSize, within pagination.fixtureCap. */
function wantedRecords(ctx: CheckContext): number {
  const { walkPageSize, fixtureCap } = ctx.config.pagination;
  return Math.min(fixtureCap, depthInPages * walkPageSize);
}

async function judgeList(ctx: CheckContext, list: OpenList): Promise<CheckOutcome> {
  const { walkPageSize: pageSize, deepPageRatioWarn } = ctx.config.pagination;
  const reached = await reachDeepPage(ctx, list, pageSize);
  if ('outcome' in reached) return reached.outcome;
  const { depth, deepQuery, middle } = reached;
  const firstQuery: PageQuery = { limit: pageSize };

  const firstMs: number[] = [];
  const middleMs: number[] = [];
  const deepMs: number[] = [];
  for (let round = 0; round < samples; round += 1) {
    const first = await fetchPage(ctx, list, firstQuery, 'time the first page');
    const halfway =
      middle !== undefined && round < middleSamples
        ? await fetchPage(ctx, list, middle.query, `time the page ${middle.depth} items deep, for the chart`)
        : undefined;
    const deep = await fetchPage(ctx, list, deepQuery, `time the page ${depth} items deep`);
    if (halfway?.page.ok === true) middleMs.push(halfway.response.durationMs);
    for (const fetched of [first, deep]) {
      if (!fetched.page.ok) {
        return ctx.fail(`${fetched.url}: ${fetched.page.reason}`, {
          expected: 'a list page',
          actual: fetched.page.reason,
          exchanges: [fetched.response.record],
          ...notAPageCauseOf([fetched], list.target.label),
        });
      }
    }
    firstMs.push(first.response.durationMs);
    deepMs.push(deep.response.durationMs);
  }
  const judgement = judgeDeepPageLatency(Math.min(...firstMs), Math.min(...deepMs), deepPageRatioWarn);
  const compared = await timeOtherStyles(ctx, list, pageSize, depth);
  // Every read, so the report can draw the spread as well as the fastest of each depth.
  ctx.chart({
    kind: 'page-cost',
    list: list.path,
    pageSize,
    pages: [
      ...firstMs.map((ms) => ({ depth: 0, ms })),
      ...middleMs.map((ms) => ({ depth: middle?.depth ?? 0, ms })),
      ...deepMs.map((ms) => ({ depth, ms })),
      ...compared,
    ],
    warnRatio: deepPageRatioWarn,
    adviceFromMs: slowFromMs(judgement.firstMs, deepPageRatioWarn),
  });
  const summary = `${list.path}: first page ${judgement.firstMs.toFixed(1)} ms, page ${depth} items deep ${judgement.deepMs.toFixed(1)} ms (fastest of ${samples}) (ratio ${judgement.ratio.toFixed(1)})`;
  if (judgement.isSlow)
    ctx.advise(
      `${summary}: deep cursor pages cost more than pagination.deepPageRatioWarn=${deepPageRatioWarn} times the first`,
    );
  else ctx.info(summary);
  return ctx.pass();
}

/** The deep cursor page to time, and one halfway for the chart. */
interface DeepPage {
  readonly depth: number;
  readonly deepQuery: PageQuery;
  readonly middle?: { readonly depth: number; readonly query: PageQuery };
}

/**
 * The deepest full cursor page within reach. A list longer than a walk (a staging list) is measured
 * by offset and its deep page is the one before its last, reached by the cursor of the page before
 * it: truly deep, in a few dozen reads. A shorter list, or one that cannot be measured, is walked
 * to its end by cursor in strides as large as it is known to serve.
 */
async function reachDeepPage(
  ctx: CheckContext,
  list: OpenList,
  pageSize: number,
): Promise<DeepPage | { readonly outcome: CheckOutcome }> {
  const what = `cursor walk of ${list.path}`;
  const measured = await measureList(ctx, list, list.target.styles, pageSize, 'find the deep end of the list').catch(
    (error: unknown) => {
      if (!(error instanceof RequestBudgetSpent)) throw error;
      return {
        kind: 'unreachable' as const,
        reason: 'the request budget for this list ran out (budgets.requestsPerList)',
      };
    },
  );
  if (measured.kind === 'broken' || measured.kind === 'unreachable')
    return { outcome: outcomeOfNoWindow(ctx, list, measured, what) };
  if (measured.kind === 'long') {
    const deepAt = Math.floor((measured.length - 2 * pageSize) / pageSize) * pageSize;
    const middleAt = Math.floor(deepAt / 2 / pageSize) * pageSize;
    const [deep, middle] = await Promise.all([
      measured.startAt('cursor', deepAt),
      measured.startAt('cursor', middleAt),
    ]);
    if (deep.kind === 'query') {
      ctx.info(
        `${list.path}: ${measured.length} records, measured in ${measured.reads()} reads; the cursor page ${deepAt} items deep reached from the page before it`,
      );
      return {
        depth: deepAt,
        deepQuery: { ...deep.query, limit: pageSize },
        ...(middle.kind === 'query'
          ? { middle: { depth: middleAt, query: { ...middle.query, limit: pageSize } } }
          : {}),
      };
    }
  }
  // The deepest page reached through a cursor with a full page of pageSize items at it.
  const deepestOf = (walked: PageWalk) =>
    walked.pages.findLastIndex((p) => p.page.ok && p.page.ids.length >= pageSize && typeof p.query.after === 'string');
  // A cursor names the last item seen (4.2, after), whatever page size brought it: a walk in pages
  // as large as the list is known to serve reaches the deep end in a request or two.
  const walkToTheEnd = (kitRecords: number) =>
    walkPages(ctx, list, {
      style: 'cursor',
      pageSize: strideTo(ctx, list, pageSize, kitRecords),
      note: 'walk to the deepest page to time it',
    });
  let walk = await walkToTheEnd(kitRecordsShownOn(ctx, list));
  // The config says this list shows a nested list's records, but the target did not show them:
  // the list gets records of its own, and is walked again in strides of those alone.
  if (deepestOf(walk) < 1 && walk.end.kind === 'complete' && list.ownIds.size < wantedRecords(ctx)) {
    const made = await list.ensureFixtures(wantedRecords(ctx));
    if (!made.ok) return { outcome: made.outcome };
    walk = await walkToTheEnd(list.ownIds.size);
  }
  const ended = outcomeOfWalkEnd(ctx, list, walk, what);
  // A walk cut short by the budget still reached a deep page: time the deepest one it got to.
  if (ended !== undefined && ended.status === 'failed') return { outcome: ended };

  const deepIndex = deepestOf(walk);
  if (deepIndex < 1) {
    return {
      outcome: ctx.incomplete(
        `${list.path}: the cursor walk reached no full page past the first (pagination.fixtureCap and budgets.maxPagesPerWalk bound it); raise them`,
      ),
    };
  }
  const depthAt = (index: number): number =>
    walk.pages.slice(0, index).reduce((sum, p) => sum + (p.page.ok ? p.page.ids.length : 0), 0);
  // A page halfway, where the walk passed a cursor there: the chart's curve gets a point between
  // the ends (timed for the chart only; the judgement is the first page against the deepest).
  const middleIndex = Math.floor(deepIndex / 2);
  return {
    depth: depthAt(deepIndex),
    deepQuery: { ...walk.pages[deepIndex]!.query, limit: pageSize },
    ...(middleIndex >= 1 && typeof walk.pages[middleIndex]!.query.after === 'string'
      ? { middle: { depth: depthAt(middleIndex), query: { ...walk.pages[middleIndex]!.query, limit: pageSize } } }
      : {}),
  };
}

// Rounds of reads of each other style, at three depths each: never judged, so the fastest of two is
// enough for the chart, and the comparison costs a dozen requests a list and six round trips.
const comparisonSamples = 2;

/**
 * The same depth reached by offset and by page number, for the chart only: the convention states no
 * cost for those styles (4.2/2 is the cursor's), so nothing here is judged; a read that fails ends
 * that style's comparison, and a list without the requests to spare gets none. The two styles are
 * timed side by side, after the cursor's reads: the comparison adds a few round trips, not a dozen.
 */
async function timeOtherStyles(
  ctx: CheckContext,
  list: OpenList,
  pageSize: number,
  depth: number,
): Promise<{ depth: number; ms: number; style: 'offset' | 'page' }[]> {
  const styles = (['offset', 'page'] as const).filter((s) => list.target.styles.includes(s));
  if (list.budget.limit - list.budget.used < 3 * comparisonSamples * styles.length + 2) return [];
  const timed = await Promise.all(
    styles.map(async (style) => {
      const reads: { depth: number; ms: number; style: 'offset' | 'page' }[] = [];
      // The first page, the page halfway and the deep one, each at a page boundary of its style.
      const at = (items: number) => {
        const pageNumber = Math.floor(items / pageSize) + 1;
        const query: PageQuery =
          style === 'offset' ? { offset: items, limit: pageSize } : { page: pageNumber, per_page: pageSize };
        return { query, depth: style === 'offset' ? items : (pageNumber - 1) * pageSize };
      };
      const depths = [at(0), ...(depth >= 2 * pageSize ? [at(Math.floor(depth / 2))] : []), at(depth)];
      for (let round = 0; round < comparisonSamples; round += 1) {
        const timed: { depth: number; ms: number; style: 'offset' | 'page' }[] = [];
        for (const { query, depth: itemsDeep } of depths) {
          const fetched = await fetchPage(
            ctx,
            list,
            itemsDeep === 0 ? firstPageQuery(style, pageSize) : query,
            `time the page ${itemsDeep} items deep by ${style}, for comparison`,
          );
          if (!fetched.page.ok) return reads;
          timed.push({ depth: itemsDeep, ms: fetched.response.durationMs, style });
        }
        reads.push(...timed);
      }
      return reads;
    }),
  );
  return timed.flat();
}

/**
 * The page size of the walk to the deep end: the largest size the list is known to serve whole
 * (pinned, or found by page-size-bounds earlier in the run) that still leaves a full page of
 * `pageSize` of the kit's records after the first page, halved so the walk passes a cursor halfway
 * for the chart's middle point; `pageSize` when no maximum is known.
 */
function strideTo(ctx: CheckContext, list: OpenList, pageSize: number, kitRecords: number): number {
  const found = ctx.suiteScope.get<FoundBounds>(foundBoundsKey(list.target.label));
  const known = ctx.config.pagination.maxPageSize ?? found?.maxima['limit'];
  if (known === undefined) return pageSize;
  // Halved, so that even a list one stride would cover is walked in two and passes a cursor halfway;
  // a list longer than two strides is walked in strides of the maximum either way. Not where
  // budgets.maxPagesPerWalk leaves no room for the extra page.
  const whole = kitRecords - pageSize;
  return Math.max(pageSize, Math.min(known, ctx.config.budgets.maxPagesPerWalk >= 3 ? Math.floor(whole / 2) : whole));
}
