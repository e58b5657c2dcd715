// Pagination for every list (convention 4.2): limit/offset, page/per_page (1-based) and after
// (a keyset cursor) share one parser, so parameter names are the same on every list (rule 7).
// Invalid values are refused with 422 and the server's own problem body (convention 7/4: not shown).
import {
  defaultPageSize,
  maxPageSize,
  type IdStyle,
  type LastPageCursor,
  type ListOrder,
  type OverMaxAnswer,
} from './second-server-options.js';
import { compareKeysets, decodeCursor, encodeCursor, type Keyset } from './keyset-cursor.js';
import type { StoredRecord } from './record-store.js';
import { presentRecord } from './record-store.js';

export interface ListPolicy {
  readonly overMax: OverMaxAnswer;
  readonly lastPageCursor: LastPageCursor;
  /** Cursors carry ids of this style; one with another is not a cursor this server issued. */
  readonly idStyle: IdStyle;
  readonly order: ListOrder;
}

type PageRequest =
  | { readonly kind: 'skip'; readonly skip: number; readonly size: number }
  | { readonly kind: 'after'; readonly after: Keyset; readonly size: number };

/** A page request, or why the query is refused. */
export function parsePageRequest(
  query: URLSearchParams,
  policy: ListPolicy,
): PageRequest | { readonly problem: string } {
  const styles = [query.has('after'), query.has('offset'), query.has('page') || query.has('per_page')].filter(
    Boolean,
  ).length;
  if (styles > 1) return { problem: 'use one of after, offset or page/per_page' };
  const sizeName = query.has('per_page') ? 'per_page' : 'limit';
  if (query.has('per_page') && query.has('limit')) return { problem: 'use limit or per_page, not both' };
  const size = parseSize(query.get(sizeName), sizeName, policy.overMax);
  if (typeof size === 'string') return { problem: size };
  if (query.has('after')) {
    const after = decodeCursor(query.get('after') ?? '', policy.idStyle);
    if (after === undefined) return { problem: 'after is not a cursor this server issued' };
    return { kind: 'after', after, size };
  }
  if (query.has('page')) {
    const page = parseWhole(query.get('page'), 1);
    if (page === undefined) return { problem: 'page must be a whole number from 1' };
    return { kind: 'skip', skip: (page - 1) * size, size };
  }
  const offset = query.has('offset') ? parseWhole(query.get('offset'), 0) : 0;
  if (offset === undefined) return { problem: 'offset must be a whole number from 0' };
  return { kind: 'skip', skip: offset, size };
}

/** The list body for one page of `records` (any order in; sorted here). */
export function buildListPage(
  records: readonly StoredRecord[],
  request: PageRequest,
  policy: ListPolicy,
): Record<string, unknown> {
  const compare = policy.order === 'newest-first' ? (a: Keyset, b: Keyset) => compareKeysets(b, a) : compareKeysets;
  const ordered = [...records].sort(compare);
  const start = request.kind === 'skip' ? request.skip : firstAfter(ordered, request.after, compare);
  const items = ordered.slice(start, start + request.size);
  const hasMore = start + items.length < ordered.length;
  const last = items.at(-1);
  const body: Record<string, unknown> = { items: items.map(presentRecord), has_more: hasMore };
  if (hasMore && last !== undefined) body.next_cursor = encodeCursor(last);
  else if (policy.lastPageCursor === 'null') body.next_cursor = null;
  else if (policy.lastPageCursor === 'empty') body.next_cursor = '';
  return body;
}

// Binary search over the sorted keysets: the position is found from the key, not by walking from
// the start, so a deep cursor page costs what the first one does (rule 2).
function firstAfter(
  ordered: readonly StoredRecord[],
  after: Keyset,
  compare: (a: Keyset, b: Keyset) => number,
): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(ordered[middle]!, after) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function parseSize(text: string | null, name: string, overMax: OverMaxAnswer): number | string {
  if (text === null) return defaultPageSize;
  const size = parseWhole(text, 1);
  if (size === undefined) return `${name} must be a whole number from 1`;
  if (size <= maxPageSize) return size;
  return overMax === 'clamp' ? maxPageSize : `${name} must be at most ${maxPageSize}`;
}

function parseWhole(text: string | null, minimum: number): number | undefined {
  if (text === null || !/^\d{1,30}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= minimum ? value : undefined;
}
