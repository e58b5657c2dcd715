import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachStyle } from './internal/judge-each-list.js';
import { mapInParallel } from '../internal/map-in-parallel.js';
import { sideBySideWithin } from './internal/request-budget.js';
import { quietWalkChart } from './internal/walk-chart.js';
import type { PaginationStyle } from './internal/list-targets.js';
import type { OpenList } from './internal/open-list.js';
import {
  describeWalkProblems,
  firstDifference,
  isWalkExact,
  judgeWalkedIds,
  isShiftOf,
  keepOnly,
  sharedInOrder,
} from './internal/page-rules.js';
import { fetchPage, walkEvidence, type FetchedPage, type PageWalk } from './internal/page-walker.js';
import {
  coverWindow,
  describeWindowShare,
  expectedIn,
  outcomeOfNoWindow,
  outcomeOfWindowWalk,
  walkWindow,
} from './internal/walk-window.js';
import { confirmWalkProblems } from './internal/confirm-walk-problems.js';
import { windowOfOwnRecords } from './internal/own-records-window.js';

// Convention 4.2/3: lists are ordered by a stable ordering with a unique tie-breaker, so no row
// appears on two pages or on none. The kit's fixtures are created in a burst, so many share a
// timestamp: an order without a tie-breaker shows up as pages that change between two reads. On a
// list longer than a walk (staging data), the two reads cover the window that holds the kit's
// records: the head of a list ordered newest first, else the tail (reach-list-end.ts).
export const stableOrder = defineCheck({
  id: 'pagination.stable-order',
  suite: 'pagination',
  conformanceClass: 'pagination-consistency',
  rule: '4.2/3',
  level: 'normative',
  leavesOpen: 'The sort key (not shown): any, as long as a unique tie-breaker makes the order stable.',
  title: 'The same page read twice without writes lists the same items in the same order',
  proves:
    'Two walks of each list in each supported style, with no write between them, give the kit’s records page by page in the same order, each exactly once: ties in the sort key are broken by a unique field. On a list longer than budgets.maxPagesPerWalk pages, the walks cover the pages that hold the kit’s records, at its head or its tail.',
  covers:
    'the order of every list in each style it supports, over two walks with no write between them: whole, or over the window of a longer list that holds the kit’s records',
  probes: [
    'ties in the sort key returned in a different order on each request',
    'a record listed twice or never across pages',
  ],
  provenBy: ['order-without-tie-breaker', 'zero-based-pages'],
  async run(ctx) {
    const pageSize = ctx.config.pagination.walkPageSize;
    return judgeEachStyle(ctx, (list, style) => judgeStyle(ctx, list, style, pageSize), 2);
  },
});

async function judgeStyle(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  pageSize: number,
): Promise<CheckOutcome | undefined> {
  const what = `${style} walk of ${list.path}`;
  const note = 'read every page twice, no writes in between';
  const window = await windowOfOwnRecords(ctx, list, style, list.target.styles, pageSize, list.ownIds, note);
  if (window.kind !== 'window') return outcomeOfNoWindow(ctx, list, window, what);
  if (window.where !== 'whole') {
    ctx.info(
      `${list.path} (${style}): longer than a walk; read twice at its ${window.where}, where the kit's records are`,
    );
    describeWindowShare(ctx, list, window, style);
    coverWindow(ctx, list, window, style);
  }
  // Side by side: nothing writes between them either way, and a missing tie-breaker shows on any two reads.
  const walks = await mapInParallel(
    ['first', 'second'],
    sideBySideWithin(list.budget, ctx.config.budgets.maxPagesPerWalk + 1, 2),
    (round) =>
      walkWindow(ctx, list, window, {
        style,
        pageSize,
        note: `${round} read of every page${window.where === 'whole' ? '' : ` of the list's ${window.where}`}, no writes in between`,
      }),
  );
  const [first, second] = walks as [PageWalk, PageWalk];
  ctx.chart(quietWalkChart(list, style, first));
  // Page by page first: two reads of one page that order the kit's records differently are the
  // plainest evidence of missing ties. Only the records both reads listed are compared: others'
  // writes between the reads may shift an offset page, never reorder what it lists.
  // Reads of one page that list different records of the kit, other than as a shift by records
  // others wrote ahead of it, are read again, twice at once: such a difference at one moment is no
  // one else's doing.
  const pageCount = Math.min(first.pages.length, second.pages.length);
  let confirmations = 0;
  for (let index = 0; index < pageCount; index += 1) {
    let pair: readonly [FetchedPage, FetchedPage] = [first.pages[index]!, second.pages[index]!];
    const [a, b] = sharedInOrder(pageIds(pair[0]), pageIds(pair[1]), list.ownIds);
    let isDifferent = firstDifference(a, b) >= 0;
    if (!isDifferent && isOwnDifferent(pair, list.ownIds) && confirmations < maxConfirmations) {
      confirmations += 1;
      const query = pair[0].query;
      const again = await Promise.all(
        [1, 2].map(() => fetchPage(ctx, list, query, `${note}: page ${index + 1} twice at once`)),
      );
      isDifferent = isOwnDifferent([again[0]!, again[1]!], list.ownIds);
      if (isDifferent) pair = [again[0]!, again[1]!];
    }
    if (isDifferent) {
      const [x, y] = pair.map((page) => keepOnly(pageIds(page), list.ownIds));
      return ctx.fail(`${what}: page ${index + 1} read twice listed the kit's records in a different order`, {
        expected: `the same records in the same order: ${x!.join(', ')}`,
        actual: y!.join(', '),
        exchanges: pair.map((page) => page.response.record),
      });
    }
  }
  for (const walk of walks) {
    const ended = outcomeOfWindowWalk(ctx, list, window, walk, what);
    if (ended !== undefined) return ended;
  }
  // A record listed twice or never fails a cursor walk whatever others write (4.2/1); an offset or
  // page walk fails only when others' writes do not explain it (confirm-walk-problems.ts).
  for (const walk of walks) {
    const problems = judgeWalkedIds(walk.ids, expectedIn(window, walk), list.ownIds);
    if (isWalkExact(problems)) continue;
    if (style !== 'cursor') {
      const failed = await confirmWalkProblems(ctx, list, window, style, pageSize, what, walk, problems, {
        expected: 'each record on exactly one page (a unique tie-breaker such as the id)',
      });
      if (failed === undefined) continue;
      return failed;
    }
    return ctx.fail(`${what} ${describeWalkProblems(problems)} while nothing changed`, {
      expected: 'each record on exactly one page (a unique tie-breaker such as the id)',
      actual: describeWalkProblems(problems),
      exchanges: walkEvidence(walk),
    });
  }
  return undefined;
}

function pageIds(fetched: FetchedPage): readonly string[] {
  return fetched.page.ok ? fetched.page.ids : [];
}

// Pages read again at once, at most, for a check: each costs two requests.
const maxConfirmations = 3;

// The kit's records differ between the two reads, and not as records others wrote ahead of the page
// would move them (every record shifted alike).
function isOwnDifferent(pair: readonly [FetchedPage, FetchedPage], own: ReadonlySet<string>): boolean {
  const [first, second] = [pageIds(pair[0]), pageIds(pair[1])];
  return firstDifference(keepOnly(first, own), keepOnly(second, own)) >= 0 && !isShiftOf(first, second);
}
