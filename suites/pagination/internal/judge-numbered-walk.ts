// The judgement shared by the offset and the page-number walk checks. Convention 4.2/1: these styles
// must list every record exactly once while nothing changes, but may repeat or skip while data
// changes; that instability is reported as information, never as a failure. A list longer than a
// walk (staging data) is walked over the window that holds the kit's records (walk-window.ts).
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import type { OpenList } from './open-list.js';
import { servedWalkPageSize } from './served-walk-page-size.js';
import { settledInOrder } from '../../internal/map-in-parallel.js';
import { confirmWalkProblems } from './confirm-walk-problems.js';
import { windowOfOwnRecords } from './own-records-window.js';
import {
  coverWindow,
  describeWindowShare,
  expectedIn,
  isWindowWalked,
  outcomeOfNoWindow,
  outcomeOfWindowWalk,
  walkWindow,
  type OpenWindow,
} from './walk-window.js';
import { describeWalkProblems, isWalkExact, judgeWalkedIds, listBriefly, type WalkProblems } from './page-rules.js';
import { findOversizedPages, walkEvidence, type FetchedPage, type PageWalk } from './page-walker.js';
import { describeWalkEnd } from './walk-decision.js';
import { pagesOf, walkChartOf } from './walk-chart.js';

/** Walks `list` in offset or page style, without and then with mutations between pages. */
export async function judgeNumberedWalk(
  ctx: CheckContext,
  list: OpenList,
  style: 'offset' | 'page',
): Promise<CheckOutcome> {
  const { walkPageSize } = ctx.config.pagination;
  // Three pages of the kit's own records: a first, a middle and a short last one.
  const created = await list.ensureFixtures(2 * walkPageSize + 1);
  if (!created.ok) return created.outcome;
  // A list that also lists nested lists' records is walked in larger pages where the target serves
  // them whole and holds three of them, so it takes as many pages as the others (servedWalkPageSize).
  const pageSize = await servedWalkPageSize(ctx, list, style);
  const sizeParam = style === 'offset' ? 'limit' : 'per_page';
  const what = `${style} walk of ${list.path} with ${sizeParam}=${pageSize}`;

  const window = await windowOfOwnRecords(
    ctx,
    list,
    style,
    list.target.styles,
    pageSize,
    list.ownIds,
    `walk the list in ${style} style`,
  );
  if (window.kind !== 'window') return outcomeOfNoWindow(ctx, list, window, what);
  if (window.where !== 'whole') {
    ctx.info(`${what}: longer than a walk; walked at its ${window.where}, where the kit's records are`);
    describeWindowShare(ctx, list, window, style);
    coverWindow(ctx, list, window, style);
  }
  const walk = await walkWindow(ctx, list, window, { style, pageSize, note: `walk the list in ${style} style` });
  // A page larger than asked breaks the rule wherever the walk stopped: a list whose size parameter
  // is ignored is too long to walk whole in pages of the size it sends.
  const [oversized] = findOversizedPages(walk, pageSize);
  if (oversized !== undefined) return failOversized(ctx, what, sizeParam, pageSize, oversized, walk);
  const ended = outcomeOfWindowWalk(ctx, list, window, walk, what);
  if (ended !== undefined) return ended;

  const problems = judgeOwn(walk, list, window);
  ctx.chart(walkChartOf(list.path, style, pagesOf(walk), { repeated: problems.repeated, missing: problems.missing }));
  if (!isWalkExact(problems)) {
    const failed = await confirmWalkProblems(ctx, list, window, style, pageSize, what, walk, problems, {
      expected: `each of the ${window.expected.size} records created by the kit that the walk covers listed exactly once`,
    });
    if (failed !== undefined) return failed;
  }

  await reportInstabilityUnderMutation(ctx, list, window, style, pageSize, what);
  return ctx.pass();
}

// The kit's records the window showed must each be listed once; none of the kit's twice.
function judgeOwn(walk: PageWalk, list: OpenList, window: OpenWindow): WalkProblems {
  return judgeWalkedIds(walk.ids, expectedIn(window, walk), list.ownIds);
}

function failOversized(
  ctx: CheckContext,
  what: string,
  sizeParam: string,
  pageSize: number,
  page: FetchedPage,
  walk: PageWalk,
): CheckOutcome {
  const count = page.page.ok ? page.page.ids.length : 0;
  return ctx.fail(`${what}: ${sizeParam}=${pageSize} was not honoured, a page held ${count} items`, {
    expected: `at most ${pageSize} items per page`,
    actual: `${count} items at ${page.url}`,
    exchanges: walkEvidence(walk),
  });
}

// One seen record deleted and one inserted after each of the first two pages: enough to show
// whether offsets shift, cheap enough to run on every list.
const mutatedPages = 2;

async function reportInstabilityUnderMutation(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  style: 'offset' | 'page',
  pageSize: number,
  what: string,
): Promise<void> {
  const expected = new Set(window.expected);
  const judged = new Set(list.ownIds);
  let deleted = 0;
  let inserted = 0;
  const writes: string[] = [];
  const walk = await walkWindow(ctx, list, window, {
    style,
    pageSize,
    note: `walk the list in ${style} style while records are inserted and deleted`,
    betweenPages: async (fetched, index) => {
      if (index >= mutatedPages || !fetched.page.ok) return;
      const victim = fetched.page.ids.find((id) => list.ownIds.has(id));
      // The delete and the insert at once: the next page sees both either way.
      const [isDeleted, added] = await settledInOrder([
        victim === undefined ? Promise.resolve(undefined) : list.deleteFixture(victim),
        list.createFixtures(1),
      ] as const);
      if (victim !== undefined) {
        expected.delete(victim);
        // Refused, it is in an unknown state: not judged at all.
        if (isDeleted === true) deleted += 1;
        else judged.delete(victim);
        writes.push(
          `after page ${index + 1}: delete a record it listed → ${victim} (${isDeleted === true ? 'deleted' : 'refused'})`,
        );
      }
      if (added.ok) {
        for (const id of added.ids) judged.add(id);
        inserted += added.ids.length;
      }
      writes.push(
        `after page ${index + 1}: insert a record${added.ok ? ` → ${added.ids[0] ?? ''} (inserted)` : ' (refused)'}`,
      );
    },
  });
  const changes = `${deleted} seen record(s) deleted and ${inserted} inserted between pages`;
  const problems = judgeWalkedIds(walk.ids, expectedIn(window, walk, expected), judged);
  const isWalked = isWindowWalked(window, walk);
  ctx.chart(
    walkChartOf(list.path, style, pagesOf(walk), {
      repeated: problems.repeated,
      missing: isWalked ? problems.missing : [],
      writes,
    }),
  );
  if (!isWalked) {
    ctx.info(`${what} under mutation (${changes}) did not complete: ${describeWalkEnd(walk.end)}`);
    return;
  }
  ctx.info(
    isWalkExact(problems)
      ? `${what} under mutation (${changes}) still listed every record once`
      : `${what} under mutation (${changes}) ${describeWalkProblems(problems)}, as convention 4.2/1 allows for ${style} pagination (${listBriefly(walk.urls, 2)})`,
  );
}
