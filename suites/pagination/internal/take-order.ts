// The order the explored queries judge pages against (convention 4.2/3): a list that ends within a
// walk is walked whole, as before; a longer one (a staging list of a million records) is measured
// by offset and walked at its head and its tail only, so taking its order costs a few dozen
// requests whatever it holds, and a query drawn anywhere in it is still judged (known-order.ts).
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { describeKnownOrder, wholeOrder, type KnownOrder } from './known-order.js';
import { usableCursor } from './list-page.js';
import type { PaginationStyle } from './list-targets.js';
import type { OpenList } from './open-list.js';
import { outcomeOfWalkEnd } from './outcome-of-walk-end.js';
import { describeWalkProblems, isWalkExact, judgeWalkedIds } from './page-rules.js';
import { walkPages, type PageWalk } from './page-walker.js';
import type { ListFacts } from './query-space.js';
import { measureList, tailPages } from './reach-list-end.js';
import { RequestBudgetSpent } from './request-budget.js';
import { outcomeOfNoWindow } from './walk-window.js';

export interface TakenOrder {
  readonly order: KnownOrder;
  /** The walk to chart: the whole list's, or its tail's. */
  readonly walk: PageWalk;
  /** The next_cursor values seen, each at the position of the item it resumes after. */
  readonly cursors: ListFacts['cursors'];
  /** How the order was read, for coverage. */
  readonly how: string;
}

// Pages read at the head of a long list: the first page and two more, so cursors from the head
// resume at three depths and page 2 is judged item by item.
const headPages = 3;

/** The order of `list` read in `style` in pages of `pageSize`, or the outcome that stops the check. */
export async function takeOrder(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  pageSize: number,
): Promise<TakenOrder | { outcome: CheckOutcome }> {
  const what = `${style} walk of ${list.path} to take its order`;
  const note = 'take the list order once';
  try {
    const measured = await measureList(ctx, list, list.target.styles, pageSize, note);
    if (measured.kind === 'broken' || measured.kind === 'unreachable')
      return { outcome: outcomeOfNoWindow(ctx, list, measured, what) };
    if (measured.kind === 'whole')
      return whole(ctx, list, style, await walkPages(ctx, list, { style, pageSize, note }), what);

    const head = await walkPages(ctx, list, { style, pageSize, note, maxPages: headPages });
    // A list that shrank below a walk since it was measured is read whole after all.
    if (head.end.kind === 'complete') return whole(ctx, list, style, head, what);
    if (head.end.kind !== 'page-budget') return { outcome: outcomeOfWalkEnd(ctx, list, head, what)! };
    const at = Math.floor(Math.max(0, measured.length - tailPages * pageSize) / pageSize) * pageSize;
    const start = await measured.startAt(style, at);
    if (start.kind === 'unreachable') return { outcome: ctx.incomplete(`${what}: ${start.reason}`) };
    const firstPage = head.pages[0]?.page;
    const tail = await walkPages(ctx, list, {
      style,
      pageSize,
      note,
      startQuery: start.query,
      ...(firstPage?.ok === true ? { headIds: firstPage.ids } : {}),
    });
    const ended = outcomeOfWalkEnd(ctx, list, tail, what);
    if (ended !== undefined) return { outcome: ended };
    // Only repeats within a walk are held against the list here: the kit's records may lie anywhere.
    for (const walk of [head, tail]) {
      const repeated = judgeWalkedIds(walk.ids, [], list.ownIds);
      if (!isWalkExact(repeated)) return { outcome: noOrder(ctx, what, describeWalkProblems(repeated), style) };
    }
    const order: KnownOrder = {
      length: at + tail.ids.length,
      runs: [
        { start: 0, ids: head.ids },
        { start: at, ids: tail.ids },
      ],
    };
    const how = `${describeKnownOrder(order)} read: measured by ${list.target.styles.includes('offset') ? 'offset' : 'page number'} in ${measured.reads()} reads, head and tail walked by ${style}`;
    return { order, walk: tail, cursors: [...cursorsOf(head, 0), ...cursorsOf(tail, at)], how };
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return { outcome: ctx.incomplete(`${what}: the request budget for this list ran out (budgets.requestsPerList)`) };
  }
}

function whole(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  walk: PageWalk,
  what: string,
): TakenOrder | { outcome: CheckOutcome } {
  const ended = outcomeOfWalkEnd(ctx, list, walk, what);
  if (ended !== undefined) return { outcome: ended };
  const problems = judgeWalkedIds(walk.ids, list.ownIds, list.ownIds);
  if (!isWalkExact(problems)) return { outcome: noOrder(ctx, what, describeWalkProblems(problems), style) };
  const order = wholeOrder(walk.ids);
  return { order, walk, cursors: cursorsOf(walk, 0), how: `the whole list read (${describeKnownOrder(order)})` };
}

function noOrder(ctx: CheckContext, what: string, problem: string, style: PaginationStyle): CheckOutcome {
  return ctx.blocked(
    `${what} ${problem}, so it gives no order to compare pages with`,
    `pagination.${style}.walk-complete`,
  );
}

// The cursors a walk was given, each placed after the item it resumes from; `from` is where the walk began.
function cursorsOf(walk: PageWalk, from: number): { afterIndex: number; cursor: string }[] {
  const cursors: { afterIndex: number; cursor: string }[] = [];
  let seen = from;
  for (const page of walk.pages) {
    if (!page.page.ok) continue;
    seen += page.page.ids.length;
    const cursor = usableCursor(page.page.nextCursor);
    if (page.page.hasMore && cursor !== undefined) cursors.push({ afterIndex: seen - 1, cursor });
  }
  return cursors;
}
