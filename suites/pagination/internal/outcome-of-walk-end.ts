// Turns how a walk ended into a check outcome: a hostile or broken pager fails the check, a spent
// budget leaves the check incomplete (it says nothing against the target, but nothing was proven
// either), a complete walk goes on.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { notAPageCause } from './not-a-page-cause.js';
import type { OpenList } from './open-list.js';
import { walkEvidence, type PageWalk } from './page-walker.js';
import { describeWalkEnd, isHostileEnd } from './walk-decision.js';

/** ctx.fail or ctx.incomplete when the walk did not end normally; undefined when it completed. */
export function outcomeOfWalkEnd(
  ctx: CheckContext,
  list: Pick<OpenList, 'target'>,
  walk: PageWalk,
  what: string,
): CheckOutcome | undefined {
  if (walk.end.kind === 'complete') return undefined;
  const why = describeWalkEnd(walk.end);
  if (walk.end.kind === 'cursor-too-long') return ctx.incomplete(`${what}: ${why}`);
  if (!isHostileEnd(walk.end)) return ctx.incomplete(`${what}: ${why}; raise it to judge this list`);
  return ctx.fail(`${what}: ${why}`, {
    expected:
      'pages that end with has_more false, each has_more true followed by a non-empty page reached with a new cursor',
    actual: `${why}, after ${walk.pages.length} page(s)`,
    exchanges: walkEvidence(walk),
    ...(walk.end.kind === 'bad-page' ? notAPageCause(walk.end, list.target.label) : {}),
  });
}
