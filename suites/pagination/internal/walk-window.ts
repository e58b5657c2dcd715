// A walk over the window of a list that holds the kit's records (reach-list-end.ts's
// windowOfOwnRecords): the whole list when it is short, else its head or its tail. A walk of the
// head stops where the window ends, short of the list's end, and that is its complete end.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import type { OpenList } from './open-list.js';
import { outcomeOfWalkEnd } from './outcome-of-walk-end.js';
import { walkPages, type PageWalk, type WalkOptions } from './page-walker.js';
import { windowOfOwnRecords, type OwnRecordsWindow } from './own-records-window.js';
import { isWalkExact, judgeWalkedIds } from './page-rules.js';
import type { PaginationStyle } from './list-targets.js';

export type OpenWindow = Extract<OwnRecordsWindow, { kind: 'window' }>;

/**
 * Walks `window` in `options.style`, from its start, for as many pages as it spans, and on past a
 * head window's end while it has listed none of the kit's records (isShortOfOwnRecords): others who
 * wrote ahead of them since the window was found pushed them there.
 */
export function walkWindow(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  options: Omit<WalkOptions, 'startQuery' | 'maxPages'>,
): Promise<PageWalk> {
  return walkPages(ctx, list, {
    goesOn: (walked) => isShortOfOwnRecords(window, walked),
    ...options,
    startQuery: window.startQuery,
    ...(window.maxPages !== undefined ? { maxPages: window.maxPages } : {}),
    ...(window.headIds !== undefined ? { headIds: window.headIds } : {}),
  });
}

/**
 * True when the walk covered its window: the list's end, or the last page of a window that ends
 * short of it, having listed some of the kit's records there. One the page budget stopped while it
 * went on past the window, none of them listed yet, never reached them: it is cut short, not walked.
 */
export function isWindowWalked(window: OpenWindow, walk: Pick<PageWalk, 'ids' | 'end'>): boolean {
  if (walk.end.kind === 'complete') return true;
  return window.maxPages !== undefined && walk.end.kind === 'page-budget' && !isShortOfOwnRecords(window, walk.ids);
}

/** As outcomeOfWalkEnd, the head window's own end counting as complete. */
export function outcomeOfWindowWalk(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  walk: PageWalk,
  what: string,
): CheckOutcome | undefined {
  return isWindowWalked(window, walk) ? undefined : outcomeOfWalkEnd(ctx, list, walk, what);
}

/**
 * The kit's records a walk of `window` must have listed, of `expected` (default the window's): all
 * of them, except where the walk ended where a window short of the list's end does. Others' records
 * that land ahead of the kit's push them on, past that end; then only those the list orders before
 * the last one the walk listed are expected (one of them missing was skipped). A walk that listed
 * none of them is held to all of them.
 */
export function expectedIn(
  window: OpenWindow,
  walk: Pick<PageWalk, 'ids' | 'end'>,
  expected: ReadonlySet<string> = window.expected,
): ReadonlySet<string> {
  const order = window.expectedOrder;
  if (window.maxPages === undefined || walk.end.kind !== 'page-budget' || order === undefined) return expected;
  const listed = new Set(walk.ids);
  const last = order.findLastIndex((id) => listed.has(id));
  if (last < 0) return expected;
  return new Set(order.slice(0, last + 1).filter((id) => expected.has(id)));
}

/**
 * True while a walk of `window`, short of the list's end, has listed (`walked`) none of the kit's
 * records the window showed and some of `expected` are still to list: it has passed none of them.
 * Others who write ahead of them between finding the window and walking it push them past its end
 * (on a list ordered newest first, every record of a later second goes ahead of them); a cursor walk
 * still lists them further on (4.2/2), so it goes on until it lists one rather than expect them all.
 */
export function isShortOfOwnRecords(
  window: OpenWindow,
  walked: readonly string[],
  expected: ReadonlySet<string> = window.expected,
): boolean {
  const order = window.expectedOrder;
  if (window.maxPages === undefined || order === undefined || expected.size === 0) return false;
  const listed = new Set(walked);
  return !order.some((id) => listed.has(id));
}

/** Names in the check's coverage the window a long list was judged on: where, which positions, how it was found. */
export function coverWindow(ctx: CheckContext, list: OpenList, window: OpenWindow, style: string): void {
  if (window.where === 'whole') return;
  const span = window.maxPages === undefined ? 'to the end of the list' : `for ${window.maxPages} pages`;
  ctx.cover(
    `GET ${list.target.label} (${style}): a window at the list's ${window.where}, from position ${window.from ?? 0} ${span}, holding ${window.expected.size} of the kit's records, found by measuring the list`,
  );
}

/** Says, when the window showed only some of the kit's records, that the others are not judged. */
export function describeWindowShare(ctx: CheckContext, list: OpenList, window: OpenWindow, style: string): void {
  const outside = list.ownIds.size - window.expected.size;
  if (outside <= 0) return;
  ctx.info(
    `${list.path} (${style}): ${window.expected.size} of the kit's ${list.ownIds.size} records were in the window found at the list's ${window.where}; the other ${outside} lie elsewhere in its order and are not expected there`,
  );
}

/** The outcome when no window could be opened: incomplete with the reason, or the rule a read broke. */
export function outcomeOfNoWindow(
  ctx: CheckContext,
  list: OpenList,
  window: Exclude<OwnRecordsWindow, { kind: 'window' }>,
  what: string,
): CheckOutcome {
  if (window.kind === 'unreachable') return ctx.incomplete(`${what}: ${window.reason}`);
  return outcomeOfWalkEnd(ctx, list, window.walk, `${what}, measuring the list by offset`) ?? ctx.pass();
}

/**
 * Whether the window, found again now, is walked twice listing each of the kit's records it shows
 * once: others who delete records ahead of a window between finding it and walking it move the
 * kit's first records before its start, and both walks of it then miss them alike. Twice, so a
 * pager that errs at random is not excused by one lucky walk. A list walked whole has no window to move.
 */
export async function isExactWhenFoundAgain(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  pageSize: number,
  note: string,
): Promise<boolean> {
  const window = await windowOfOwnRecords(ctx, list, style, list.target.styles, pageSize, list.ownIds, note);
  if (window.kind !== 'window' || window.where === 'whole') return false;
  for (let walks = 0; walks < 2; walks += 1) {
    const walk = await walkWindow(ctx, list, window, { style, pageSize, note });
    if (!isWindowWalked(window, walk) || !isWalkExact(judgeWalkedIds(walk.ids, expectedIn(window, walk), list.ownIds)))
      return false;
  }
  return true;
}

// Pages a cursor read of a window runs to, at most, when the window runs to the list's end.
const maxSnapshotPages = 12;

/**
 * What a cursor read lists now of the list's first page and of the window: two reads that differ
 * say others wrote to the list between them (a cursor lists each record once, whoever writes,
 * 4.2/1); undefined where the list offers no cursor.
 */
async function cursorSnapshot(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  pageSize: number,
): Promise<readonly string[] | undefined> {
  if (!list.target.styles.includes('cursor')) return undefined;
  const note = 'read the list by cursor, to tell whether others write to it';
  if (window.where === 'whole') return (await walkPages(ctx, list, { style: 'cursor', pageSize, note })).ids;
  if (window.cursorStart === undefined) return undefined;
  const head = await walkPages(ctx, list, { style: 'cursor', pageSize, note, maxPages: 1 });
  const read = await walkPages(ctx, list, {
    style: 'cursor',
    pageSize,
    note,
    startQuery: window.cursorStart,
    maxPages: window.maxPages ?? maxSnapshotPages,
  });
  return [...head.ids, '', ...read.ids];
}

/**
 * Runs `during` between two cursor reads of the list's head and the window: `wrote` is whether
 * they differ (others wrote meanwhile), undefined where the list offers no cursor to tell.
 */
export async function aroundOthersWrites<T>(
  ctx: CheckContext,
  list: OpenList,
  window: OpenWindow,
  pageSize: number,
  during: () => Promise<T>,
): Promise<{ readonly result: T; readonly wrote: boolean | undefined }> {
  const before = await cursorSnapshot(ctx, list, window, pageSize);
  const result = await during();
  if (before === undefined) return { result, wrote: undefined };
  const after = await cursorSnapshot(ctx, list, window, pageSize);
  const wrote = after === undefined || after.length !== before.length || after.some((id, i) => id !== before[i]);
  return { result, wrote };
}
