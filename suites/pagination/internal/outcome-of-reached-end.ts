// Turns how a check reached the end of a list (reach-list-end.ts) into its outcome, as
// outcome-of-walk-end.ts does for a walk: a rule broken on the way fails the check, an end out of
// reach leaves it incomplete with the reason, and a complete walk goes on to the check's own rule.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import type { OpenList } from './open-list.js';
import { outcomeOfWalkEnd } from './outcome-of-walk-end.js';
import type { PageWalk } from './page-walker.js';
import type { ReachedEnd } from './reach-list-end.js';

/** The outcome when the end was not reached whole and well, or the walk that reached it. */
export function outcomeOfReachedEnd(
  ctx: CheckContext,
  list: Pick<OpenList, 'target'>,
  end: ReachedEnd,
  what: string,
): { readonly outcome: CheckOutcome } | { readonly walk: PageWalk } {
  if (end.kind === 'unreachable') return { outcome: ctx.incomplete(`${what}: ${end.reason}`) };
  if (end.kind === 'broken') {
    return { outcome: outcomeOfWalkEnd(ctx, list, end.walk, `${what}, measuring the list by offset`)! };
  }
  const ended = outcomeOfWalkEnd(ctx, list, end.walk, what);
  return ended === undefined ? { walk: end.walk } : { outcome: ended };
}

/** Names in the check's coverage the last pages a long list was judged on, and how they were reached. */
export function coverReachedEnd(
  ctx: CheckContext,
  list: Pick<OpenList, 'target'>,
  style: string,
  end: ReachedEnd,
): void {
  if (end.kind !== 'walked' || end.how !== 'tail') return;
  ctx.cover(
    `GET ${list.target.label} (${style}): the last ${end.walk.pages.length} pages of ${end.length ?? 'its'} records, reached by measuring the list in ${end.reads} reads`,
  );
}
