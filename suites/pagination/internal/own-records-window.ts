// Where a check finds the kit's own records on a list longer than a walk (a staging list): the
// window it walks instead of the whole list. The kit's records are its probe: created together,
// they stand together in the list's one order (4.2/3), at its head when the list puts new records
// first, at its tail when it puts them last, and deeper when others' records land after them. The
// search is bounded in reads whatever the list holds; a window it cannot find leaves the check
// incomplete, with the reason.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import type { PaginationStyle } from './list-targets.js';
import { walkPages, type PageWalk, type WalkableList } from './page-walker.js';
import { knownMaxPageSize } from './page-size-probe.js';
import { measureList, type MeasuredList } from './reach-list-end.js';
import { RequestBudgetSpent } from './request-budget.js';
import { firstPageQuery, type PageQuery } from './walk-decision.js';

/** Where a check reads the kit's own records of a list, and how many pages that takes. */
export type OwnRecordsWindow =
  | {
      readonly kind: 'window';
      /** Where the window is: the whole list, near its head (newest first) or near its tail (oldest first). */
      readonly where: 'whole' | 'head' | 'tail';
      readonly startQuery: PageQuery;
      /** Pages the window spans: a walk that reaches them has walked it, short of the list's end. */
      readonly maxPages?: number;
      /** The ids of the list's first page, in order: a walk of a tail window that lists them again went back. */
      readonly headIds?: readonly string[];
      /** The kit's records the window showed when it was found: those a walk of it must list. */
      readonly expected: ReadonlySet<string>;
      /** The same, in the list's order as the search read it (a long list's only). */
      readonly expectedOrder?: readonly string[];
      /** Where the window begins in the list, when it does not begin at its first page. */
      readonly from?: number;
      /** Where a cursor walk of the same window starts, when the list offers cursors. */
      readonly cursorStart?: PageQuery;
    }
  | { readonly kind: 'broken'; readonly walk: PageWalk }
  | { readonly kind: 'unreachable'; readonly reason: string };

// Pages a window spans beyond the last of the kit's records found: others' records that land ahead
// of them meanwhile push them further on.
const marginPages = 3;
// Reads, in the largest pages the list serves, below its head and above its last pages, where
// others' records have pushed the kit's (alternately from each end).
const maxDeepReads = 40;
// The page size tried first for those reads, by offset: a maximum many APIs have.
const tryPageSize = 100;

/**
 * The window of `list` that holds `ownIds` (the kit's records, created together): the whole list
 * when it ends within a walk; else its head when the first page shows one of them (a list ordered
 * newest first), or its tail (oldest first), found by measuring the list; else, read on from both
 * ends in the largest pages the list is known to serve, where others' writes pushed them.
 */
export async function windowOfOwnRecords(
  ctx: CheckContext,
  list: WalkableList & { readonly target: { readonly label: string } },
  style: PaginationStyle,
  offered: readonly PaginationStyle[],
  pageSize: number,
  ownIds: ReadonlySet<string>,
  note: string,
): Promise<OwnRecordsWindow> {
  try {
    const measured = await measureList(ctx, list, offered, pageSize, note);
    if (measured.kind === 'broken' || measured.kind === 'unreachable') return measured;
    const first = firstPageQuery(style, pageSize);
    if (measured.kind === 'whole') return { kind: 'window', where: 'whole', startQuery: first, expected: ownIds };
    const search = new OwnRecordsSearch(ownIds);
    const scanPageSize = Math.max(pageSize, knownMaxPageSize(ctx, list.target.label) ?? pageSize);
    const window = await locate(ctx, measured, search, style, pageSize, scanPageSize);
    if (window.kind !== 'window' || !offered.includes('cursor')) return window;
    return await readByCursor(ctx, list, measured, window, style, pageSize, ownIds);
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return { kind: 'unreachable', reason: 'the request budget for this list ran out (budgets.requestsPerList)' };
  }
}

// Pages a cursor read of a window runs to, at most, when the window runs to the list's end.
const maxCursorReadPages = 12;

/**
 * The window read by cursor as well, where the list offers cursors: its cursor start, and, for a
 * window an offset or page walk will judge, every one of the kit's records a cursor walk lists
 * there (4.2/1: a cursor walk lists each record once, whoever writes) joins the records expected.
 * An offset or page view that hides some of them hid them from the search too; the walks are held
 * to what the cursor shows.
 */
async function readByCursor(
  ctx: CheckContext,
  list: WalkableList,
  measured: MeasuredList,
  window: Extract<OwnRecordsWindow, { kind: 'window' }>,
  style: PaginationStyle,
  pageSize: number,
  ownIds: ReadonlySet<string>,
): Promise<OwnRecordsWindow> {
  const start =
    style === 'cursor'
      ? { kind: 'query' as const, query: window.startQuery }
      : await measured.startAt('cursor', window.from ?? 0);
  if (start.kind !== 'query') return window;
  if (style === 'cursor') return { ...window, cursorStart: start.query };
  const walk = await walkPages(ctx, list, {
    style: 'cursor',
    pageSize,
    note: "read the window by cursor: the kit's records it holds",
    startQuery: start.query,
    maxPages: window.maxPages ?? maxCursorReadPages,
  });
  const listed = walk.ids.filter((id) => ownIds.has(id) && !window.expected.has(id));
  if (listed.length === 0) return { ...window, cursorStart: start.query };
  const order = [...new Set([...walk.ids.filter((id) => ownIds.has(id)), ...(window.expectedOrder ?? [])])];
  return {
    ...window,
    cursorStart: start.query,
    expected: new Set([...window.expected, ...listed]),
    expectedOrder: order,
  };
}

/** The kit's records found so far, each at the position it was seen. */
class OwnRecordsSearch {
  private readonly found = new Map<string, number>();
  constructor(private readonly ownIds: ReadonlySet<string>) {}

  /** Notes the kit's records among `ids`, read from position `at` on; how many it held. */
  note(ids: readonly string[], at: number): number {
    let count = 0;
    ids.forEach((id, index) => {
      if (!this.ownIds.has(id)) return;
      count += 1;
      if (!this.found.has(id)) this.found.set(id, at + index);
    });
    return count;
  }

  get isComplete(): boolean {
    return this.found.size >= this.ownIds.size;
  }

  /** How many records it looks for. */
  get wanted(): number {
    return this.ownIds.size;
  }

  get size(): number {
    return this.found.size;
  }

  /** The records found. */
  ids(): ReadonlySet<string> {
    return new Set(this.found.keys());
  }

  /** The records found, in the list's order. */
  ordered(): string[] {
    return [...this.found].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  }

  /** Where the first and the last found stand. */
  span(): { readonly first: number; readonly last: number } {
    const positions = [...this.found.values()];
    return { first: Math.min(...positions), last: Math.max(...positions) };
  }
}

// The window is read page by page from the end that shows the kit's records, until every one is
// seen or a page shows none after some did (a bounded number of pages). The records seen are the
// ones the check then expects: a list that keeps the others elsewhere (sorted by a field the kit
// does not control, or written past by others) is judged on those it showed, never blamed for the
// rest; one that shows none where it looks leaves the check incomplete.
async function locate(
  ctx: CheckContext,
  measured: MeasuredList,
  search: OwnRecordsSearch,
  style: PaginationStyle,
  pageSize: number,
  scanPageSize: number,
): Promise<OwnRecordsWindow> {
  const maxScanPages = Math.ceil((search.wanted + pageSize) / pageSize) + 8;
  const head = await measured.read(0);
  const headIds = head.page.ok ? head.page.ids : [];
  if (search.note(headIds, 0) > 0) {
    let pages = 1;
    while (!search.isComplete && pages < maxScanPages && pages * pageSize < measured.length) {
      const page = await measured.read(pages * pageSize);
      const own = search.note(page.page.ok ? page.page.ids : [], pages * pageSize);
      pages += 1;
      if (own === 0) break;
    }
    const order = search.ordered();
    return {
      kind: 'window',
      where: 'head',
      startQuery: firstPageQuery(style, pageSize),
      maxPages: pages + marginPages,
      expected: new Set(order),
      expectedOrder: order,
    };
  }
  let isFound = false;
  let at = Math.floor((measured.length - 1) / pageSize) * pageSize;
  for (let pages = 0; !search.isComplete && pages < maxScanPages && at >= 0; pages += 1, at -= pageSize) {
    const page = await measured.read(at);
    if (search.note(page.page.ok ? page.page.ids : [], at) === 0) {
      if (isFound) break;
      continue;
    }
    isFound = true;
  }
  if (isFound) {
    // The window begins a page above the one that holds the first of the kit's records, and runs
    // to the end: others who delete records ahead of it between the search and the walks move the
    // kit's records up, and an offset walk would begin past them. (A pager that skips a page, with
    // 0-based page numbers, is pagination.page.matches-offset's to catch on a long list.)
    const from = Math.max(0, Math.floor(search.span().first / pageSize) * pageSize - pageSize);
    const start = await measured.startAt(style, from, search.ids());
    if (start.kind === 'unreachable') return start;
    const order = search.ordered();
    return {
      kind: 'window',
      where: 'tail',
      startQuery: start.query,
      headIds,
      expected: new Set(order),
      expectedOrder: order,
      from,
    };
  }
  const side = await searchDeeper(measured, search, pageSize, scanPageSize, Math.max(0, at + pageSize));
  if (side === undefined) return notNearEitherEnd(maxScanPages, maxDeepReads);
  // A window from a page above the first found to a few pages past the last: others who write
  // meanwhile move them a little, and a walk of it that reaches its last page has walked it.
  const { first, last } = search.span();
  const from = Math.max(0, Math.floor(first / pageSize) * pageSize - pageSize);
  const start = await measured.startAt(style, from, search.ids());
  if (start.kind === 'unreachable') return start;
  const order = search.ordered();
  return {
    kind: 'window',
    where: side,
    startQuery: start.query,
    maxPages: Math.ceil((last - from + 1) / pageSize) + marginPages,
    // Near the head of a list others write ahead of, its first records sink toward the window.
    ...(side === 'tail' ? { headIds } : {}),
    expected: new Set(order),
    expectedOrder: order,
    from,
  };
}

/**
 * Reads on from below the first page and from above `tailStart` (where the last pages read began),
 * alternately, in pages of `scanPageSize`, until one side shows the kit's records and then a page
 * without them, or the two sides meet, or the reads run out. The side that showed them, if any.
 */
async function searchDeeper(
  measured: MeasuredList,
  search: OwnRecordsSearch,
  pageSize: number,
  scanPageSize: number,
  tailStart: number,
): Promise<'head' | 'tail' | undefined> {
  let headAt = pageSize;
  let tailEnd = tailStart;
  let side: 'head' | 'tail' | undefined;
  // By offset, a page asked larger than the list serves is cut short where it began, or refused:
  // pages of a common maximum are tried first, halved after each refusal.
  let size = measured.seek === 'offset' ? Math.max(scanPageSize, tryPageSize) : scanPageSize;
  for (let reads = 0; reads < maxDeepReads && !search.isComplete && headAt < tailEnd; reads += 1) {
    const fromHead = side === 'head' || (side === undefined && reads % 2 === 0);
    const { fetched, begins } = await measured.readSized(fromHead ? headAt : Math.max(headAt, tailEnd - size), size);
    if (!fetched.page.ok && fetched.response.status >= 400 && size > scanPageSize) {
      size = Math.max(scanPageSize, Math.floor(size / 2));
      continue;
    }
    const ids = fetched.page.ok ? fetched.page.ids : [];
    const own = search.note(ids, begins);
    if (fromHead) headAt = begins + Math.max(1, ids.length);
    else tailEnd = begins;
    if (own > 0) side = fromHead ? 'head' : 'tail';
    else if (side !== undefined) break;
    if (ids.length === 0) break;
  }
  return side;
}

function notNearEitherEnd(pages: number, reads: number): OwnRecordsWindow {
  return {
    kind: 'unreachable',
    reason: `none of the kit's records was on the list's first page or its last ${pages} pages, nor in ${reads} larger pages read on from either end (the list's order, or others' writes, put them elsewhere), so no window shows them`,
  };
}
