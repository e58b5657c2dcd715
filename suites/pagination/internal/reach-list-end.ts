// Reaches the end of a list in one style in a bounded number of requests, whatever the list holds:
// a staging list of a million records has an end too, and a walk from its first page would never
// get there within budgets.maxPagesPerWalk. A list that ends within a whole walk is walked whole, as
// before; a longer one is measured by offset (end-search.ts) and only its last pages are walked, in
// the style judged, starting by cursor from the next_cursor of the page before them.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { nextEndProbe, recordEndProbe, startEndSearch } from '../../internal/end-search.js';
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
interface MeasuredList {
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

type Measured =
  /** The list ends within a whole walk (or cannot be measured by offset): walk it whole. */
  | { readonly kind: 'whole'; readonly reads: number }
  | MeasuredList
  | { readonly kind: 'broken'; readonly walk: PageWalk }
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * Measures `list` by offset (or page number where it has no offset style) when it is longer than a
 * whole walk; `offered` are the styles the list offers.
 */
async function measureList(
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
  const first = await read(horizon);
  if (!first.page.ok || first.page.ids.length === 0 || first.page.ids.length > pageSize)
    return { kind: 'whole', reads };
  // A long list: say so on the progress line while it is measured (a few dozen reads).
  ctx.progress(`${list.path}: longer than a walk; measuring it by ${seek} to find the end and the kit's records`);
  let search = recordEndProbe(startEndSearch(pageSize, 0), horizon, first.page.ids.length, first.page.hasMore);
  for (;;) {
    const next = nextEndProbe(search);
    if (next.kind === 'found') {
      const length = next.length;
      return {
        kind: 'long',
        length,
        reads: () => reads,
        read,
        startAt: (style, at) => windowStart(style, seek, at, pageSize, read),
      };
    }
    if (reads >= maxSearchReads) {
      return { kind: 'unreachable', reason: `the list did not end within ${maxSearchReads} reads by ${seek}` };
    }
    const fetched = await read(next.offset);
    const { page } = fetched;
    // A target may refuse an offset it finds too deep (the convention sets no limit): not a defect.
    if (!page.ok) return { kind: 'unreachable', reason: `a read at ${describeQuery(fetched.query)} ${page.reason}` };
    if (page.ids.length === 0 && page.hasMore) return { kind: 'broken', walk: searchWalk(fetched) };
    if (page.ids.length > pageSize) {
      return {
        kind: 'unreachable',
        reason: `a read at ${describeQuery(fetched.query)} held ${page.ids.length} items, more than asked, so the list's end could not be measured`,
      };
    }
    search = recordEndProbe(search, next.offset, page.ids.length, page.hasMore);
  }
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
      /** Ids of the list's first page, which sort before a tail window: a walk there never lists them. */
      readonly behindStart?: ReadonlySet<string>;
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
    if (measured.kind === 'whole') return { kind: 'window', where: 'whole', startQuery: first };
    // The kit's records and a page of others around them.
    const span = ownIds.size + pageSize;
    const head = await measured.read(0);
    if (head.page.ok && head.page.ids.some((id) => ownIds.has(id))) {
      return { kind: 'window', where: 'head', startQuery: first, maxPages: Math.ceil(span / pageSize) };
    }
    // The window begins on the page that holds the first of the kit's records: a walk that skips a
    // page (0-based page numbers) then misses one of them, as a walk from the first page would.
    const slack = Math.max(0, Math.floor((measured.length - span) / pageSize) * pageSize);
    for (let at = slack; at < measured.length; at += pageSize) {
      const page = await measured.read(at);
      const index = page.page.ok ? page.page.ids.findIndex((id) => ownIds.has(id)) : -1;
      if (index === -1) continue;
      const start = await measured.startAt(style, Math.floor((at + index) / pageSize) * pageSize);
      if (start.kind === 'unreachable') return start;
      const behindStart = new Set(head.page.ok ? head.page.ids : []);
      return { kind: 'window', where: 'tail', startQuery: start.query, behindStart };
    }
    return {
      kind: 'unreachable',
      reason: `none of the kit's records was among the first or the last ${span} of the list's ${measured.length} records (others may have written there meanwhile)`,
    };
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return { kind: 'unreachable', reason: 'the request budget for this list ran out (budgets.requestsPerList)' };
  }
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
