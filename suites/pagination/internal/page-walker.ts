// The bounded page walker every pagination check uses: it follows one style to the end of a list
// within budgets.maxPagesPerWalk and the list's request budget, stops on a hostile pager (cursor
// cycle, has_more with an empty page, a page of repeats) and records the exact URL of every page.
import { excerpt } from '../../../harness/model/detached-text.js';
import type { CheckContext, ExchangeRecord, TargetResponse } from '../../../harness/check-api/check-context.js';
import { readListPage, type ListPage } from './list-page.js';
import type { PaginationStyle } from './list-targets.js';
import { RequestBudgetSpent, type RequestBudget } from './request-budget.js';
import { findRestart } from './page-rules.js';
import {
  decideAfterPage,
  firstPageQuery,
  nextPageQuery,
  resizeQuery,
  type PageQuery,
  type WalkEnd,
} from './walk-decision.js';

/** What the walker needs of a list. */
export interface WalkableList {
  readonly path: string;
  readonly idField: string;
  readonly budget: RequestBudget;
}

/**
 * What a page keeps of its answer once read: not the body, its text and its parsed JSON, which a
 * hostile target can make megabytes each, while a check holds every page of its walks (and several
 * checks run side by side). The record is the bounded, redacted evidence.
 */
export type PageResponse = Pick<TargetResponse, 'status' | 'headers' | 'record' | 'durationMs'> & {
  /** The start of the body, for a message. */
  readonly text: string;
};

/** One page as fetched: the exact URL, the query, what it said and the exchange. */
export interface FetchedPage {
  readonly url: string;
  readonly query: PageQuery;
  readonly page: ListPage;
  readonly response: PageResponse;
}

const keptTextChars = 2000;

export interface WalkOptions {
  readonly style: PaginationStyle;
  readonly pageSize: number;
  /** Why the walk is made, shown on each exchange. */
  readonly note: string;
  /** Most pages; default budgets.maxPagesPerWalk (never more). */
  readonly maxPages?: number;
  /** Where to start instead of the first page (e.g. a cursor taken from an earlier walk). */
  readonly startQuery?: PageQuery;
  /**
   * The ids of the list's first page, in order, for a walk that starts far from it (a long list's
   * tail): a page that begins with them again went back to the start, and ends the walk.
   */
  readonly headIds?: readonly string[];
  /**
   * Runs after each page that asks for more, before the next is fetched: mutations go here. A number
   * it returns is the page size from the next page on (a walk continued with other page parameters),
   * where the style can resume there in pages of that size (resizeQuery).
   */
  readonly betweenPages?: (page: FetchedPage, pageIndex: number) => Promise<number | void>;
  /**
   * Asked, with every id listed so far, once the walk has fetched maxPages pages and the list has
   * more: true lets it go on past them, up to budgets.maxPagesPerWalk.
   */
  readonly goesOn?: (ids: readonly string[]) => boolean;
}

export interface PageWalk {
  readonly pages: readonly FetchedPage[];
  readonly end: WalkEnd;
  /** Every id of every page, in walk order, repeats included. */
  readonly ids: readonly string[];
  /** The exact URL of each page fetched, in order. */
  readonly urls: readonly string[];
  readonly exchanges: readonly ExchangeRecord[];
}

/** Fetches one page of `list`, counted against its request budget. Throws RequestBudgetSpent when spent. */
export async function fetchPage(
  ctx: CheckContext,
  list: WalkableList,
  query: PageQuery,
  note: string,
): Promise<FetchedPage> {
  const response = await list.budget.send(ctx, { path: list.path, query, note });
  const { status, headers, record, durationMs } = response;
  return {
    url: record.request.url,
    query,
    page: readListPage(response, list.idField),
    response: { status, headers, record, durationMs, text: excerpt(response.text, keptTextChars) },
  };
}

/** Walks `list` in one style until it ends, misbehaves or a budget runs out; never throws for budgets. */
export async function walkPages(ctx: CheckContext, list: WalkableList, options: WalkOptions): Promise<PageWalk> {
  const budget = ctx.config.budgets.maxPagesPerWalk;
  const maxPages = Math.min(options.maxPages ?? budget, budget);
  const pages: FetchedPage[] = [];
  const ids: string[] = [];
  const seenIds = new Set<string>();
  const usedCursors = new Set<string>();
  let pageSize = options.pageSize;
  let query: PageQuery = options.startQuery ?? firstPageQuery(options.style, pageSize);
  let walkEnd: WalkEnd | undefined;
  // A cursor walk lists each record once whatever others write: a page of repeats ends it at once.
  let confirmationsLeft = options.style === 'cursor' ? 0 : maxShiftConfirmations;

  while (walkEnd === undefined) {
    if (typeof query.after === 'string') usedCursors.add(query.after);
    let fetched: FetchedPage;
    try {
      fetched = await fetchPage(ctx, list, query, options.note);
    } catch (error) {
      if (!(error instanceof RequestBudgetSpent)) throw error;
      walkEnd = { kind: 'request-budget' };
      break;
    }
    pages.push(fetched);
    // One loop, no spread: a page of hundreds of thousands of ids must not overflow the call stack.
    if (fetched.page.ok) for (const id of fetched.page.ids) ids.push(id);
    const isGoingOn = pages.length >= maxPages && options.goesOn?.(ids) === true;
    const decision = decideAfterPage(
      {
        style: options.style,
        pageSize,
        query,
        pagesFetched: pages.length,
        maxPages: isGoingOn ? budget : maxPages,
        usedCursors,
        seenIds,
      },
      fetched.page,
    );
    if (fetched.page.ok) for (const id of fetched.page.ids) seenIds.add(id);
    const wentBackTo = fetched.page.ok ? findRestart(options.headIds, fetched.page.ids) : undefined;
    if (wentBackTo !== undefined) {
      walkEnd = { kind: 'went-back', id: wentBackTo };
    } else if (decision.kind === 'end' && decision.end.kind === 'revisits-items' && confirmationsLeft > 0) {
      // An offset or page walk shifts onto records it has seen when others insert ahead of it (4.2/1
      // allows it); one that ignores the offset repeats them for ever. Two neighbouring pages read at
      // once tell them apart: the same records at two offsets at one moment is the offset ignored.
      confirmationsLeft -= 1;
      const shifted = await isShiftedByWrites(ctx, list, { ...options, pageSize }, query);
      if (shifted === 'budget') walkEnd = { kind: 'request-budget' };
      else if (shifted) query = nextPageQuery(options.style, query, pageSize, undefined)!;
      else walkEnd = decision.end;
    } else if (decision.kind === 'end') {
      walkEnd = decision.end;
    } else {
      const resized = await options.betweenPages?.(fetched, pages.length - 1);
      const resumed =
        typeof resized === 'number' ? resizeQuery(options.style, decision.query, pageSize, resized) : undefined;
      query = resumed ?? decision.query;
      if (resumed !== undefined) pageSize = resized as number;
    }
  }
  return { pages, end: walkEnd, ids, urls: pages.map((p) => p.url), exchanges: pages.map((p) => p.response.record) };
}

// Pairs of pages an offset or page walk reads again at once, at most, before a page of repeats ends it.
const maxShiftConfirmations = 5;

/** True when the page at `query` and the next one, read at once, differ; 'budget' when the list's requests ran out. */
async function isShiftedByWrites(
  ctx: CheckContext,
  list: WalkableList,
  options: WalkOptions,
  query: PageQuery,
): Promise<boolean | 'budget'> {
  const next = nextPageQuery(options.style, query, options.pageSize, undefined);
  if (next === undefined) return false;
  try {
    const note = `${options.note}: a page of records already seen, read again beside the next`;
    const [again, after] = await Promise.all([fetchPage(ctx, list, query, note), fetchPage(ctx, list, next, note)]);
    if (!again.page.ok || !after.page.ok) return false;
    return (
      again.page.ids.length !== after.page.ids.length ||
      again.page.ids.some((id, i) => after.page.ok && after.page.ids[i] !== id)
    );
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return 'budget';
  }
}

/** Pages that held more items than the walk asked for: a size parameter that was not honoured. */
export function findOversizedPages(walk: PageWalk, pageSize: number): FetchedPage[] {
  return walk.pages.filter((p) => p.page.ok && p.page.ids.length > pageSize);
}

/** One info line listing the exact page URLs of a walk (convention 4.2: the report shows what was walked). */
export function describeWalkedUrls(label: string, walk: PageWalk): string {
  return `${label}: ${walk.urls.length} page(s) walked: ${walk.urls.join(' ')}`;
}

// A failure's evidence: the first page and the last few, so a 200-page walk stays readable.
const evidencePages = 8;

/** The exchanges that show a walk: its first page and its last pages. */
export function walkEvidence(walk: PageWalk): ExchangeRecord[] {
  const { exchanges } = walk;
  if (exchanges.length <= evidencePages) return [...exchanges];
  return [exchanges[0]!, ...exchanges.slice(-(evidencePages - 1))];
}
