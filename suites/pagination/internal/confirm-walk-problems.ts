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
 * others' writes do not explain it. The window is walked again between two cursor reads of the
 * list, and the check fails when those show no write (or, on a list without cursors, the two walks
 * listed the same records) and the second walk errs too, or is exact but a third errs, unless the
 * window, found again, is walked exactly twice (others deleted records ahead of it before the walks
 * began). Undefined when others' writes explain the problems.
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
  const { result: second, wrote } = await aroundOthersWrites(ctx, list, window, pageSize, again);
  const secondProblems = judge(second) ?? problems;
  if (wrote ?? !listSameIds(walk.ids, second.ids)) {
    ctx.info(
      `${what}: a walk ${describeWalkProblems(isWalkExact(secondProblems) ? problems : secondProblems)}, while others wrote to the list (a cursor read of it changed, or the walks listed different records), which 4.2/1 allows to shift ${style} pages`,
    );
    return undefined;
  }
  if (isWalkExact(secondProblems)) {
    // Nobody was seen writing: one exact walk after a wrong one is not enough; a third must be exact too.
    const third = await again();
    const thirdProblems = judge(third) ?? problems;
    if (!isWalkExact(thirdProblems)) return fail(third, thirdProblems);
    ctx.info(`${what}: a walk ${describeWalkProblems(problems)}, the two after it were exact`);
    return undefined;
  }
  if (
    window.where !== 'whole' &&
    (await isExactWhenFoundAgain(ctx, list, style, pageSize, `walk the list in ${style} style once more`))
  ) {
    ctx.info(
      `${what}: walks ${describeWalkProblems(secondProblems)}; the window found again was walked exactly, twice (others' writes had moved the kit's records past where it began)`,
    );
    return undefined;
  }
  return fail(isWindowWalked(window, second) ? second : walk, secondProblems);
}
