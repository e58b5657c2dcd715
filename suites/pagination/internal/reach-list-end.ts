// Reaches the end of a list in one style in a bounded number of requests, whatever the list holds:
// a staging list of a million records has an end too, and a walk from its first page would never
// get there within budgets.maxPagesPerWalk. A list that ends within a whole walk is walked whole, as
// before; a longer one is measured by offset (end-search.ts) and only its last pages are walked, in
// the style judged, starting by cursor from the next_cursor of the page before them.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { nextEndProbe, recordEndProbe, startEndSearch } from './end-search.js';
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

/** Reaches the end of `list` in `style`; `styles` are the styles the list offers, which the search may use. */
export async function reachListEnd(
  ctx: CheckContext,
  list: WalkableList,
  style: PaginationStyle,
  styles: readonly PaginationStyle[],
  pageSize: number,
  note: string,
): Promise<ReachedEnd> {
  const walkWhole = async (reads: number): Promise<ReachedEnd> => ({
    kind: 'walked',
    how: 'whole',
    reads,
    walk: await walkPages(ctx, list, { style, pageSize, note }),
  });
  // The search reads by offset, or by page number where the list has no offset style.
  const seek = styles.includes('offset') ? 'offset' : styles.includes('page') ? 'page' : undefined;
  if (seek === undefined) return walkWhole(0);
  // Only counts are kept of the reads: a hostile list's pages can hold hundreds of thousands of ids.
  let reads = 0;
  const read = (offset: number): Promise<FetchedPage> => {
    reads += 1;
    return fetchPage(ctx, list, queryAt(seek, offset, pageSize), `${note}: measure the list to reach its end`);
  };
  try {
    // Where a whole walk would stop: a list with nothing there ends within one, and is walked whole,
    // as is one that answers more than it was asked for (its pages say nothing of where it ends).
    const horizon = ctx.config.budgets.maxPagesPerWalk * pageSize;
    const first = await read(horizon);
    if (!first.page.ok || first.page.ids.length === 0 || first.page.ids.length > pageSize) return walkWhole(reads);
    let search = recordEndProbe(startEndSearch(pageSize, 0), horizon, first.page.ids.length, first.page.hasMore);
    let length: number | undefined;
    while (length === undefined) {
      const next = nextEndProbe(search);
      if (next.kind === 'found') {
        length = next.length;
        break;
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
    const tailStartAt = Math.max(0, length - tailPages * pageSize);
    const start = await tailStart(style, seek, tailStartAt, pageSize, read);
    if (start.kind === 'unreachable') return { kind: 'unreachable', reason: start.reason };
    const walk = await walkPages(ctx, list, { style, pageSize, note, startQuery: start.query });
    return { kind: 'walked', how: 'tail', length, reads, walk };
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

// Where the tail walk starts in `style`: at the tail's offset or page; by cursor, after the page
// just before the tail (its next_cursor), or at the first page when the tail is the whole list.
async function tailStart(
  style: PaginationStyle,
  seek: 'offset' | 'page',
  at: number,
  pageSize: number,
  read: (offset: number) => Promise<FetchedPage>,
): Promise<
  { readonly kind: 'query'; readonly query: PageQuery } | { readonly kind: 'unreachable'; readonly reason: string }
> {
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
