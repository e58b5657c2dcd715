// The walker's decisions, apart from its I/O: which page to ask for next, and when (and why) a walk
// ends. A hostile pager (a cursor cycle, has_more forever) ends the walk here, never traps it.
import { usableCursor, type CursorField, type ListPage } from './list-page.js';
import type { PaginationStyle } from './list-targets.js';
import { isPageAllRepeats } from './page-rules.js';

/** Query parameters of one page request. */
export type PageQuery = Readonly<Record<string, string | number>>;

/** Why a walk stopped. Only `complete` means the list said it had nothing more. */
export type WalkEnd =
  | { readonly kind: 'complete' }
  | { readonly kind: 'bad-page'; readonly reason: string; readonly notAPage: boolean }
  /** has_more was true but the page was empty (convention 4.2/5: has_more means a further item exists). */
  | { readonly kind: 'empty-page-with-more' }
  /** has_more was true but next_cursor was no cursor. */
  | { readonly kind: 'missing-cursor'; readonly nextCursor: CursorField }
  /** next_cursor named a cursor this walk had already followed. */
  | { readonly kind: 'cursor-cycle'; readonly cursor: string }
  /** A whole page of ids the walk had already seen: it went back. */
  | { readonly kind: 'revisits-items' }
  /** A page began as the list's first page does, far from where the walk started: it went back. */
  | { readonly kind: 'went-back'; readonly id: string }
  /** budgets.maxPagesPerWalk pages were fetched and the list still said has_more. */
  | { readonly kind: 'page-budget'; readonly pages: number }
  /** budgets.requestsPerList ran out on this list. */
  | { readonly kind: 'request-budget' }
  /** next_cursor was longer than the kit follows: it would have to send (and keep) ever longer URLs. */
  | { readonly kind: 'cursor-too-long'; readonly length: number };

// The bound is shared with the resources checks' searches (list-bounds.ts).
export { maxCursorChars } from '../../internal/list-bounds.js';
import { maxCursorChars } from '../../internal/list-bounds.js';

/** What the walker knows after fetching a page. */
export interface WalkState {
  readonly style: PaginationStyle;
  readonly pageSize: number;
  /** The query of the page just fetched. */
  readonly query: PageQuery;
  /** Pages fetched so far, this one included. */
  readonly pagesFetched: number;
  readonly maxPages: number;
  /** Cursors already sent as `after` in this walk. */
  readonly usedCursors: ReadonlySet<string>;
  /** Ids seen on the pages before this one. */
  readonly seenIds: ReadonlySet<string>;
}

export type WalkDecision =
  { readonly kind: 'next'; readonly query: PageQuery } | { readonly kind: 'end'; readonly end: WalkEnd };

/** The first page of a walk in `style`: offset 0, page 1 (convention 4.2: 1-based), or no cursor. */
export function firstPageQuery(style: PaginationStyle, pageSize: number): PageQuery {
  switch (style) {
    case 'cursor':
      return { limit: pageSize };
    case 'offset':
      return { offset: 0, limit: pageSize };
    case 'page':
      return { page: 1, per_page: pageSize };
  }
}

/**
 * The query for the page after the one `query` asked for, `pageSize` items a page; undefined for a
 * cursor page whose next_cursor is not usable.
 */
export function nextPageQuery(
  style: PaginationStyle,
  query: PageQuery,
  pageSize: number,
  nextCursor: CursorField | undefined,
): PageQuery | undefined {
  switch (style) {
    case 'cursor': {
      const cursor = nextCursor === undefined ? undefined : usableCursor(nextCursor);
      return cursor === undefined ? undefined : { limit: pageSize, after: cursor };
    }
    case 'offset':
      return { offset: Number(query.offset ?? 0) + pageSize, limit: pageSize };
    case 'page':
      return { page: Number(query.page ?? 1) + 1, per_page: pageSize };
  }
}

/**
 * `next` (the query of the page after one of `from` items a page) asking for `to` items a page from
 * there on: the same cursor or offset with another size; in the page style, the page number that
 * starts at the same position, which exists only where `to` divides it. Undefined when none does.
 */
export function resizeQuery(style: PaginationStyle, next: PageQuery, from: number, to: number): PageQuery | undefined {
  if (!Number.isSafeInteger(to) || to < 1) return undefined;
  switch (style) {
    case 'cursor':
    case 'offset':
      return { ...next, limit: to };
    case 'page': {
      const position = (Number(next.page ?? 1) - 1) * from;
      return position % to === 0 ? { page: position / to + 1, per_page: to } : undefined;
    }
  }
}

/** Decides what follows the page just fetched. */
export function decideAfterPage(state: WalkState, page: ListPage): WalkDecision {
  if (!page.ok) return end({ kind: 'bad-page', reason: page.reason, notAPage: page.notAPage });
  if (!page.hasMore) return end({ kind: 'complete' });
  if (page.ids.length === 0) return end({ kind: 'empty-page-with-more' });
  if (state.style === 'cursor' && page.nextCursor.present && page.nextCursor.tooLongChars !== undefined)
    return end({ kind: 'cursor-too-long', length: page.nextCursor.tooLongChars });
  const query = nextPageQuery(state.style, state.query, state.pageSize, page.nextCursor);
  if (query === undefined) return end({ kind: 'missing-cursor', nextCursor: page.nextCursor });
  if (typeof query.after === 'string' && query.after.length > maxCursorChars)
    return end({ kind: 'cursor-too-long', length: query.after.length });
  // Checked before the repeats below: a cycle is the more precise diagnosis of the same loop.
  if (typeof query.after === 'string' && state.usedCursors.has(query.after))
    return end({ kind: 'cursor-cycle', cursor: query.after });
  if (isPageAllRepeats(page.ids, state.seenIds)) return end({ kind: 'revisits-items' });
  if (state.pagesFetched >= state.maxPages) return end({ kind: 'page-budget', pages: state.pagesFetched });
  return { kind: 'next', query };
}

/** True for the ends that prove the target misbehaved, as opposed to the kit running out of budget. */
export function isHostileEnd(walkEnd: WalkEnd): boolean {
  return (
    walkEnd.kind !== 'complete' &&
    walkEnd.kind !== 'page-budget' &&
    walkEnd.kind !== 'request-budget' &&
    walkEnd.kind !== 'cursor-too-long'
  );
}

/** One line for a message: why the walk stopped. */
export function describeWalkEnd(walkEnd: WalkEnd): string {
  switch (walkEnd.kind) {
    case 'complete':
      return 'the last page said has_more false';
    case 'bad-page':
      return `a page was not a list page: ${walkEnd.reason}`;
    case 'empty-page-with-more':
      return 'a page said has_more true but held no items';
    case 'missing-cursor':
      return `a page said has_more true without a usable next_cursor (${walkEnd.nextCursor.present ? JSON.stringify(walkEnd.nextCursor.value) : 'absent'})`;
    case 'cursor-cycle':
      return `next_cursor pointed back to a cursor already followed (${clip(walkEnd.cursor)}): the walk would never end`;
    case 'went-back':
      return `a page began with the list's first records (${clip(walkEnd.id)}, …), far from where the walk started: the walk went back to the start`;
    case 'revisits-items':
      return 'a whole page repeated items already seen: the walk went back';
    case 'page-budget':
      return `the walk stopped after ${walkEnd.pages} pages (budgets.maxPagesPerWalk) with has_more still true`;
    case 'request-budget':
      return 'the request budget for this list ran out (budgets.requestsPerList)';
    case 'cursor-too-long':
      return `next_cursor grew to ${walkEnd.length} characters; the kit follows cursors of up to ${maxCursorChars}, so the rest of the list was not walked`;
  }
}

function end(walkEnd: WalkEnd): WalkDecision {
  return { kind: 'end', end: walkEnd };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
