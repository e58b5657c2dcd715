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
// Searches again, at most, when others appended to the list while it was measured.
const maxRemeasures = 2;

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
  /** The style it was measured in, and is read in. */
  readonly seek: 'offset' | 'page';
  /** Reads made so far, the measuring included. */
  readonly reads: () => number;
  /** Reads the page at `offset` by offset or page number, counted. */
  readonly read: (offset: number) => Promise<FetchedPage>;
  /** Reads the page of `size` items that holds `offset`, and where it begins (by page number, a multiple of `size`). */
  readonly readSized: (
    offset: number,
    size: number,
  ) => Promise<{ readonly fetched: FetchedPage; readonly begins: number }>;
  /** Where a walk in `style` starts to begin at position `at` (a cursor: after the page before it). */
  /**
   * Where a walk in `style` starts to begin at position `at` (a cursor: after the page before it).
   * By cursor, the page before must hold none of `before`: the kit's records that others' deletes
   * moved up since they were found start the walk a page or two earlier, never inside them.
   */
  readonly startAt: (style: PaginationStyle, at: number, before?: ReadonlySet<string>) => Promise<WindowStart>;
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
  attempt = 0,
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
      // page is served at that depth: it bounds the search as an empty page does. Whether it was the
      // end is read below.
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
  if (length <= horizon) return { kind: 'whole', reads };
  // The last page as measured must say has_more false. One that says more follows, where deeper
  // offsets are refused or come back empty, is a list whose offset view ends early (a result
  // window, as search engines cap deep paging): its end is out of reach by offset, which says
  // nothing against its paging, so the check is incomplete and says why.
  const lastAt = Math.floor((length - 1) / pageSize) * pageSize;
  const last = await read(lastAt);
  if (last.page.ok && last.page.hasMore && attempt < maxRemeasures) {
    // Records others appended since the search say so on the page after it: measure again from here.
    const after = await read(lastAt + last.page.ids.length);
    if (after.page.ok && after.page.ids.length > 0) {
      ctx.suiteScope.set(hintKey, length);
      return measureList(ctx, list, offered, pageSize, note, attempt + 1);
    }
  }
  // A result window refuses the same depths on every read; an offset view that answers the last page
  // differently when read again is no window, but a list whose paging shifts: the walk judges it.
  // Nor is one whose next page holds records, or ends the list (empty, has_more false): short pages
  // before the end (records an offset view hides) made the search stop early, or the last page's
  // has_more is wrong; the walk judges what it sees. A window refuses deeper pages or serves none.
  const isWindow =
    !last.page.ok ||
    (last.page.hasMore &&
      !(await continuesPast(read, lastAt, last)) &&
      !(await answersDifferently(read, lastAt, last)));
  if (isWindow)
    return {
      kind: 'unreachable',
      reason: `measured by ${seek}, the list seems to end at ${length} records, but ${last.url} ${last.page.ok ? 'says has_more true' : `did not answer a list page (${last.response.status})`}: deeper ${seek === 'offset' ? 'offsets' : 'pages'} are refused or come back empty (a result window), so its end cannot be reached by ${seek}, and a walk there from the first page would stop at budgets.maxPagesPerWalk`,
    };
  ctx.suiteScope.set(hintKey, length);
  return {
    kind: 'long',
    length,
    seek,
    reads: () => reads,
    read,
    readSized: async (offset, size) => {
      reads += 1;
      const begins = seek === 'offset' ? offset : Math.floor(offset / size) * size;
      const fetched = await fetchPage(ctx, list, queryAt(seek, begins, size), `${note}: look for the kit's records`);
      return { fetched, begins };
    },
    startAt: (style, at, before) => windowStart(style, seek, at, pageSize, read, before),
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

/** The query of the page at `offset` in an offset or page style. */
function queryAt(seek: 'offset' | 'page', offset: number, pageSize: number): PageQuery {
  return seek === 'offset'
    ? { offset, limit: pageSize }
    : { page: Math.floor(offset / pageSize) + 1, per_page: pageSize };
}

// Pages a cursor window's start moves back, at most, past the kit's records found on the page before it.
const maxStepsBack = 3;

// Where a walk that begins at `at` starts in `style`: at that offset or page; by cursor, after the
// page just before it (its next_cursor), or at the first page when `at` is the start.
async function windowStart(
  style: PaginationStyle,
  seek: 'offset' | 'page',
  at: number,
  pageSize: number,
  read: (offset: number) => Promise<FetchedPage>,
  notBefore?: ReadonlySet<string>,
): Promise<WindowStart> {
  let from = Math.floor(at / pageSize) * pageSize;
  // The page before must hold none of the kit's records found at `at`: others' deletes since may
  // have moved them up, and a walk from `at` would then start inside them.
  let before = from > 0 && (style === 'cursor' || notBefore !== undefined) ? await read(from - pageSize) : undefined;
  // Nor may it be the last page: others' deletes since the list was measured may have shortened it.
  const isLast = (page: FetchedPage) => style === 'cursor' && page.page.ok && !page.page.hasMore;
  for (
    let steps = 0;
    before !== undefined && steps < maxStepsBack && (holdsAny(before, notBefore) || isLast(before));
    steps += 1
  ) {
    from -= pageSize;
    before = from > 0 ? await read(from - pageSize) : undefined;
  }
  if (style === 'offset') return { kind: 'query', query: { offset: from, limit: pageSize } };
  if (style === 'page') return { kind: 'query', query: { page: from / pageSize + 1, per_page: pageSize } };
  if (before === undefined) return { kind: 'query', query: firstPageQuery('cursor', pageSize) };
  const cursor = before.page.ok && before.page.hasMore ? usableCursor(before.page.nextCursor) : undefined;
  if (cursor !== undefined) return { kind: 'query', query: { limit: pageSize, after: cursor } };
  return {
    kind: 'unreachable',
    reason:
      `the ${seek} page before the last ones (${describeQuery(before.query)}) gave no next_cursor to go on from, ` +
      'and a cursor walk from the first page would stop at budgets.maxPagesPerWalk; give offset or page answers a next_cursor, or raise the budget',
  };
}

function holdsAny(fetched: FetchedPage, ids: ReadonlySet<string> | undefined): boolean {
  return ids !== undefined && fetched.page.ok && fetched.page.ids.some((id) => ids.has(id));
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

async function continuesPast(
  read: (offset: number) => Promise<FetchedPage>,
  at: number,
  last: FetchedPage,
): Promise<boolean> {
  if (!last.page.ok) return false;
  const next = await read(at + last.page.ids.length);
  return next.page.ok && (next.page.ids.length > 0 || !next.page.hasMore);
}

async function answersDifferently(
  read: (offset: number) => Promise<FetchedPage>,
  at: number,
  earlier: FetchedPage,
): Promise<boolean> {
  const again = await read(at);
  if (!again.page.ok || !earlier.page.ok) return again.page.ok !== earlier.page.ok;
  return again.page.hasMore !== earlier.page.hasMore || again.page.ids.join('\n') !== earlier.page.ids.join('\n');
}
