// Whether an offset or page walk that listed one of the kit's records twice or never saw a defect or
// others' writes: 4.2/1 lets these styles repeat and skip while data changes, never while it does not.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import type { OpenList } from './open-list.js';
import { describeWalkProblems, isWalkExact, judgeWalkedIds, listSameIds, type WalkProblems } from './page-rules.js';
import { walkEvidence, type PageWalk } from './page-walker.js';
import {
  aroundOthersWrites,
  expectedIn,
  isExactWhenFoundAgain,
  isWindowWalked,
  walkWindow,
  type OpenWindow,
} from './walk-window.js';

/**
 * The outcome of a walk that listed one of the kit's records twice or never: it fails only when
 * others' writes do not explain it. The window is walked twice more, each between two cursor reads
 * of the list, and the check fails when no read shows a write (or, on a list without cursors, the
 * walks listed the same records) and both walks err too, unless the window, found again, is walked
 * exactly twice (others deleted records ahead of it before the walks began). Undefined when
 * others' writes explain the problems.
 */
export async function confirmWalkProblems(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  style: 'offset' | 'page',
  pageSize: number,
  what: string,
  walk: PageWalk,
  problems: WalkProblems,
  failure: { readonly expected: string },
): Promise<CheckOutcome | undefined> {
  const judge = (walked: PageWalk): WalkProblems | undefined =>
    isWindowWalked(window, walked) ? judgeWalkedIds(walked.ids, expectedIn(window, walked), list.ownIds) : undefined;
  const again = () => walkWindow(ctx, list, window, { style, pageSize, note: `walk the list in ${style} style again` });
  const fail = (failing: PageWalk, found: WalkProblems) =>
    ctx.fail(`${what} ${describeWalkProblems(found)} while nothing changed`, {
      expected: failure.expected,
      actual: describeWalkProblems(found),
      exchanges: walkEvidence(failing),
    });
  // Two walks after it, each between two cursor reads of the list. Others seen writing (or, without
  // cursors, walks that list different records), or either walk exact, explain the first: others
  // who insert and delete again within one walk leave the reads around it alike.
  let previous = walk;
  let lastProblems = problems;
  let last = walk;
  for (let confirmation = 0; confirmation < 2; confirmation += 1) {
    const { result, wrote } = await aroundOthersWrites(ctx, list, window, pageSize, again);
    const found = judge(result) ?? problems;
    if (wrote ?? !listSameIds(previous.ids, result.ids)) {
      ctx.info(
        `${what}: a walk ${describeWalkProblems(isWalkExact(found) ? problems : found)}, while others wrote to the list (a cursor read of it changed, or the walks listed different records), which 4.2/1 allows to shift ${style} pages`,
      );
      return undefined;
    }
    if (isWalkExact(found)) {
      ctx.info(`${what}: a walk ${describeWalkProblems(problems)}; one after it, with no write seen, was exact`);
      return undefined;
    }
    previous = result;
    last = result;
    lastProblems = found;
  }
  if (
    window.where !== 'whole' &&
    (await isExactWhenFoundAgain(ctx, list, style, pageSize, `walk the list in ${style} style once more`))
  ) {
    ctx.info(
      `${what}: walks ${describeWalkProblems(lastProblems)}; the window found again was walked exactly, twice (others' writes had moved the kit's records past where it began)`,
    );
    return undefined;
  }
  return fail(isWindowWalked(window, last) ? last : walk, lastProblems);
}
