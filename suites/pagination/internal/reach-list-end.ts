// Reaches the end of a list in one style in a bounded number of requests, whatever the list holds:
// a staging list of a million records has an end too, and a walk from its first page would never
// get there within budgets.maxPagesPerWalk. A list that ends within a whole walk is walked whole, as
// before; a longer one is measured by offset (end-search.ts) and only its last pages are walked, in
// the style judged, starting by cursor from the next_cursor of the page before them.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import {
  measureLength,
  recordEndProbe,
  startEndSearch,
  startEndSearchNear,
  type EndSearch,
} from '../../internal/end-search.js';
import { usableCursor } from './list-page.js';
import type { PaginationStyle } from './list-targets.js';
import { fetchPage, walkPages, type FetchedPage, type PageWalk, type WalkableList } from './page-walker.js';
import { RequestBudgetSpent } from './request-budget.js';
import { firstPageQuery, type PageQuery } from './walk-decision.js';

/** Pages walked at the end of a long list: the last one and the two before it, so the walk crosses two page boundaries. */
export const tailPages = 3;

// Doubling from a whole walk's worth to a billion records, then bisecting: well within this.
const maxSearchReads = 80;

export type ReachedEnd =
  /** The walk that reached (or tried to reach) the end; `length` when the list was measured, in `reads` reads. */
  | {
      readonly kind: 'walked';
      readonly walk: PageWalk;
      readonly how: 'whole' | 'tail';
      readonly length?: number;
      readonly reads: number;
    }
  /** A read of the search broke a rule on its own (an empty page saying has_more): `walk` holds it. */
  | { readonly kind: 'broken'; readonly walk: PageWalk }
  /** The end could not be reached within the budgets, and why (what would let it be). */
  | { readonly kind: 'unreachable'; readonly reason: string };

/** A list measured by offset: its length, and a way to start a walk at any position. */
export interface MeasuredList {
  readonly kind: 'long';
  readonly length: number;
  /** Reads made so far, the measuring included. */
  readonly reads: () => number;
  /** Reads the page at `offset` by offset or page number, counted. */
  readonly read: (offset: number) => Promise<FetchedPage>;
  /** Where a walk in `style` starts to begin at position `at` (a cursor: after the page before it). */
  readonly startAt: (style: PaginationStyle, at: number) => Promise<WindowStart>;
}

type WindowStart =
  { readonly kind: 'query'; readonly query: PageQuery } | { readonly kind: 'unreachable'; readonly reason: string };

export type Measured =
  /** The list ends within a whole walk (or cannot be measured by offset): walk it whole. */
  | { readonly kind: 'whole'; readonly reads: number }
  | MeasuredList
  | { readonly kind: 'broken'; readonly walk: PageWalk }
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * Measures `list` by offset (or page number where it has no offset style) when it is longer than a
 * whole walk; `offered` are the styles the list offers.
 */
export async function measureList(
  ctx: CheckContext,
  list: WalkableList,
  offered: readonly PaginationStyle[],
  pageSize: number,
  note: string,
): Promise<Measured> {
  const seek = offered.includes('offset') ? 'offset' : offered.includes('page') ? 'page' : undefined;
  if (seek === undefined) return { kind: 'whole', reads: 0 };
  // Only counts are kept of the reads: a hostile list's pages can hold hundreds of thousands of ids.
  let reads = 0;
  const read = (offset: number): Promise<FetchedPage> => {
    reads += 1;
    return fetchPage(ctx, list, queryAt(seek, offset, pageSize), `${note}: measure the list`);
  };
  // Where a whole walk would stop: a list with nothing there ends within one, and is walked whole,
  // as is one that answers more than it was asked for (its pages say nothing of where it ends).
  const horizon = ctx.config.budgets.maxPagesPerWalk * pageSize;
  // An earlier check of the suite measured this list: the search starts where it found the end,
  // and a list that grew or shrank by a few pages since (the kit's own records) costs a few reads.
  const hintKey = `measured length of ${list.path}`;
  const hint = ctx.suiteScope.get<number>(hintKey);
  let known: EndSearch;
  if (hint !== undefined && hint > horizon) {
    known = startEndSearchNear(pageSize, 0, hint);
  } else {
    const first = await read(horizon);
    if (!first.page.ok || first.page.ids.length === 0 || first.page.ids.length > pageSize)
      return { kind: 'whole', reads };
    known = recordEndProbe(startEndSearch(pageSize, 0), horizon, first.page.ids.length, first.page.hasMore);
  }
  // A long list: say so on the progress line while it is measured (a few dozen reads).
  ctx.progress(`${list.path}: longer than a walk; measuring it by ${seek} to find the end and the kit's records`);
  // A list that cannot be measured (a target that ignores deep offsets or answers more than asked)
  // is walked whole, as a short one is: the walk judges what it sees, and stops at the page budget.
  // An empty page that says has_more breaks the rule on its own.
  let broken: FetchedPage | undefined;
  const length = await measureLength(
    async (offset) => {
      const fetched = await read(offset);
      const { page } = fetched;
      // A refusal (7/3 leaves past-the-end statuses open) or a server error there says only that no
      // page is served at that depth: it bounds the search as an empty page does. A target that
      // refuses deep offsets inside its list is measured short, and its tail walk, which goes on,
      // then ends at the page budget: incomplete, never a failure.
      if (!page.ok && fetched.response.status >= 400) return { items: 0, hasMore: false };
      if (!page.ok || page.ids.length > pageSize) return undefined;
      if (page.ids.length === 0 && page.hasMore) {
        broken = fetched;
        return undefined;
      }
      return { items: page.ids.length, hasMore: page.hasMore };
    },
    known,
    {
      maxReads: maxSearchReads - reads,
      ...(seek === 'page' ? { alignedTo: (offset: number) => Math.floor(offset / pageSize) * pageSize } : {}),
    },
  );
  if (broken !== undefined) return { kind: 'broken', walk: searchWalk(broken) };
  if (length === undefined) return { kind: 'whole', reads };
  ctx.suiteScope.set(hintKey, length);
  if (length <= horizon) return { kind: 'whole', reads };
  return {
    kind: 'long',
    length,
    reads: () => reads,
    read,
    startAt: (style, at) => windowStart(style, seek, at, pageSize, read),
  };
}

/** Reaches the end of `list` in `style`; `offered` are the styles the list offers, which the search may use. */
export async function reachListEnd(
  ctx: CheckContext,
  list: WalkableList,
  style: PaginationStyle,
  offered: readonly PaginationStyle[],
  pageSize: number,
  note: string,
): Promise<ReachedEnd> {
  try {
    const measured = await measureList(ctx, list, offered, pageSize, note);
    if (measured.kind === 'broken' || measured.kind === 'unreachable') return measured;
    if (measured.kind === 'whole') {
      const walk = await walkPages(ctx, list, { style, pageSize, note });
      return { kind: 'walked', how: 'whole', reads: measured.reads, walk };
    }
    const start = await measured.startAt(style, Math.max(0, measured.length - tailPages * pageSize));
    if (start.kind === 'unreachable') return start;
    const walk = await walkPages(ctx, list, { style, pageSize, note, startQuery: start.query });
    return { kind: 'walked', how: 'tail', length: measured.length, reads: measured.reads(), walk };
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return { kind: 'unreachable', reason: 'the request budget for this list ran out (budgets.requestsPerList)' };
  }
}

/** Where a check reads the kit's own records of a list, and how many pages that takes. */
export type OwnRecordsWindow =
  | {
      readonly kind: 'window';
      /** Where the window is: the whole list, its head (newest first) or its tail (oldest first). */
      readonly where: 'whole' | 'head' | 'tail';
      readonly startQuery: PageQuery;
      /** Pages the window spans; a walk of the head ends there, short of the list's end. */
      readonly maxPages?: number;
      /** The ids of the list's first page, in order: a walk of a tail window that lists them again went back. */
      readonly headIds?: readonly string[];
      /** The kit's records the window showed when it was found: those a walk of it must list. */
      readonly expected: ReadonlySet<string>;
    }
  | { readonly kind: 'broken'; readonly walk: PageWalk }
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * The window of `list` that holds `ownIds` (the kit's records, created together): the whole list
 * when it ends within a walk; else its head when the first page shows one of them (a list ordered
 * newest first), or its tail (oldest first), found by measuring the list.
 */
export async function windowOfOwnRecords(
  ctx: CheckContext,
  list: WalkableList,
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
    // The window is read page by page from the end that shows the kit's records, until every one
    // is seen or a page shows none after some did (a bounded number of pages). The records seen are
    // the ones the check then expects: a list that keeps the others elsewhere (sorted by a field the
    // kit does not control, or written past by others) is judged on those it showed, never blamed
    // for the rest; one that shows none at either end leaves the check incomplete.
    const maxScanPages = Math.ceil((ownIds.size + pageSize) / pageSize) + 8;
    const head = await measured.read(0);
    const headIds = head.page.ok ? head.page.ids : [];
    if (headIds.some((id) => ownIds.has(id))) {
      const seen = new Set(headIds.filter((id) => ownIds.has(id)));
      let pages = 1;
      while (seen.size < ownIds.size && pages < maxScanPages && pages * pageSize < measured.length) {
        const page = await measured.read(pages * pageSize);
        pages += 1;
        const own = page.page.ok ? page.page.ids.filter((id) => ownIds.has(id)) : [];
        for (const id of own) seen.add(id);
        if (own.length === 0) break;
      }
      return { kind: 'window', where: 'head', startQuery: first, maxPages: pages + 1, expected: seen };
    }
    const seen = new Set<string>();
    let earliest: number | undefined;
    let at = Math.floor((measured.length - 1) / pageSize) * pageSize;
    for (let pages = 0; seen.size < ownIds.size && pages < maxScanPages && at >= 0; pages += 1, at -= pageSize) {
      const page = await measured.read(at);
      const index = page.page.ok ? page.page.ids.findIndex((id) => ownIds.has(id)) : -1;
      if (index === -1) {
        if (earliest !== undefined) break;
        continue;
      }
      earliest = at + index;
      if (page.page.ok) for (const id of page.page.ids) if (ownIds.has(id)) seen.add(id);
    }
    if (earliest === undefined) return notAtEitherEnd(maxScanPages);
    // The window begins on the page that holds the first of the kit's records: a walk that skips a
    // page (0-based page numbers) then misses one of them, as a walk from the first page would.
    const start = await measured.startAt(style, Math.floor(earliest / pageSize) * pageSize);
    if (start.kind === 'unreachable') return start;
    return { kind: 'window', where: 'tail', startQuery: start.query, headIds, expected: seen };
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return { kind: 'unreachable', reason: 'the request budget for this list ran out (budgets.requestsPerList)' };
  }
}

function notAtEitherEnd(pages: number): OwnRecordsWindow {
  return {
    kind: 'unreachable',
    reason: `none of the kit's records was on the list's first page or within its last ${pages} pages (the list's order, or others' writes, put them elsewhere), so no window shows them`,
  };
}

/** The query of the page at `offset` in an offset or page style. */
function queryAt(seek: 'offset' | 'page', offset: number, pageSize: number): PageQuery {
  return seek === 'offset'
    ? { offset, limit: pageSize }
    : { page: Math.floor(offset / pageSize) + 1, per_page: pageSize };
}

// Where a walk that begins at `at` starts in `style`: at that offset or page; by cursor, after the
// page just before it (its next_cursor), or at the first page when `at` is the start.
async function windowStart(
  style: PaginationStyle,
  seek: 'offset' | 'page',
  at: number,
  pageSize: number,
  read: (offset: number) => Promise<FetchedPage>,
): Promise<WindowStart> {
  if (style === 'offset') return { kind: 'query', query: { offset: at, limit: pageSize } };
  if (style === 'page') return { kind: 'query', query: { page: Math.floor(at / pageSize) + 1, per_page: pageSize } };
  const before = Math.floor(at / pageSize) * pageSize - pageSize;
  if (before < 0) return { kind: 'query', query: firstPageQuery('cursor', pageSize) };
  const page = await read(before);
  const cursor = page.page.ok && page.page.hasMore ? usableCursor(page.page.nextCursor) : undefined;
  if (cursor !== undefined) return { kind: 'query', query: { limit: pageSize, after: cursor } };
  return {
    kind: 'unreachable',
    reason:
      `the ${seek} page before the last ones (${describeQuery(page.query)}) gave no next_cursor to go on from, ` +
      'and a cursor walk from the first page would stop at budgets.maxPagesPerWalk; give offset or page answers a next_cursor, or raise the budget',
  };
}

// One read of the search as a walk of one page, for the outcome and the evidence of a broken read.
function searchWalk(fetched: FetchedPage): PageWalk {
  return {
    pages: [fetched],
    end: { kind: 'empty-page-with-more' },
    ids: [],
    urls: [fetched.url],
    exchanges: [fetched.response.record],
  };
}

function describeQuery(query: PageQuery): string {
  return Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}
