// Cuts one page out of an ordered view of a collection and describes how to get the next one.
// Pure, so the pagination rules (and each defect's way of breaking them) are property-tested.
import { decodeCursor, decodeOffsetCursor, encodeCursor, encodeOffsetCursor } from './cursor-codec.js';
import type { ListBehaviour } from './list-behaviour.js';
import type { PageRequest } from './parse-page-params.js';
import { indexAfterKey, type SortKey } from './sort-key.js';

/** The list response body of convention section 2. */
export interface ListBody<T> {
  readonly items: readonly T[];
  readonly next_cursor?: string | null;
  readonly has_more: boolean;
}

export type ListPageResult<T> =
  | { readonly ok: true; readonly body: ListBody<T>; readonly startIndex: number }
  | { readonly ok: false; readonly message: string };

/**
 * Builds the page `request` asks for. `view` is the collection in list order; `idPrefix` is the
 * prefix every id of this list carries, so a cursor of another collection is refused.
 */
export function buildListPage<T extends SortKey>(
  view: readonly T[],
  request: PageRequest,
  idPrefix: string,
  behaviour: ListBehaviour,
): ListPageResult<T> {
  let startIndex = 0;
  let anchor: SortKey | undefined;
  if (request.start.kind === 'offset') {
    startIndex = request.start.offset;
  } else if (behaviour.cursorCodec === 'offset') {
    const offset = decodeOffsetCursor(request.start.cursor);
    if (offset === undefined) return { ok: false, message: 'after is not a cursor issued by this list' };
    startIndex = offset;
  } else {
    anchor = decodeCursor(request.start.cursor, idPrefix);
    if (anchor === undefined) return { ok: false, message: 'after is not a cursor issued by this list' };
    startIndex = locatePageAfter(view, anchor, behaviour.cursorStart);
  }

  const endIndex = Math.min(view.length, startIndex + request.size);
  const items = startIndex < view.length ? view.slice(startIndex, endIndex) : [];
  const isFullPage = items.length > 0 && items.length === request.size;
  let hasMore = behaviour.hasMore === 'exact' ? endIndex < view.length : isFullPage;
  let nextCursor: string | null = null;
  if (hasMore) nextCursor = cursorForNextPage(view, items, startIndex, request.size, idPrefix, behaviour);
  if (!hasMore && behaviour.afterEnd === 'empty-pages-forever') {
    hasMore = true;
    nextCursor = cursorPastTheEnd(view, items, anchor, startIndex, idPrefix, behaviour);
  }
  const body: ListBody<T> =
    !hasMore && behaviour.lastPageCursor === 'absent'
      ? { items, has_more: false }
      : { items, next_cursor: nextCursor, has_more: hasMore };
  return { ok: true, body, startIndex };
}

function locatePageAfter(view: readonly SortKey[], anchor: SortKey, how: ListBehaviour['cursorStart']): number {
  switch (how) {
    case 'keyset':
      return indexAfterKey(view, anchor);
    case 'skip-one':
      return indexAfterKey(view, anchor) + 1;
    case 'include-anchor':
      return indexAfterKey(view, anchor, true);
    case 'restart-if-anchor-missing': {
      const position = view.findIndex((item) => item.id === anchor.id);
      return position === -1 ? 0 : position + 1;
    }
    case 'position-in-view': {
      const position = view.findIndex((item) => item.id === anchor.id);
      if (position !== -1) return position + 1;
      const later = view.findIndex((item) => item.createdAt > anchor.createdAt);
      return later === -1 ? view.length : later;
    }
  }
}

function cursorForNextPage(
  view: readonly SortKey[],
  items: readonly SortKey[],
  startIndex: number,
  size: number,
  idPrefix: string,
  behaviour: ListBehaviour,
): string {
  if (behaviour.cursorCodec === 'offset') return encodeOffsetCursor(startIndex + items.length);
  if (behaviour.nextCursor === 'back-to-first-page' && startIndex >= size && view.length > 0) {
    // The bare prefix sorts before every id, so this key sits just before the first item.
    return encodeCursor({ createdAt: view[0]!.createdAt, id: idPrefix });
  }
  const last = items[items.length - 1];
  // A full page always has a last item; the fallback only guards the type.
  return last === undefined ? encodeCursor({ createdAt: view[0]!.createdAt, id: idPrefix }) : encodeCursor(last);
}

// A made-up key just after the last item seen ("<id>~1", then "~2", …): '~' sorts after every id
// character, so the page after it is empty, and every such page names a new cursor.
function cursorPastTheEnd(
  view: readonly SortKey[],
  items: readonly SortKey[],
  anchor: SortKey | undefined,
  startIndex: number,
  idPrefix: string,
  behaviour: ListBehaviour,
): string {
  if (behaviour.cursorCodec === 'offset') return encodeOffsetCursor(startIndex + Math.max(items.length, 1));
  const base = items[items.length - 1] ??
    anchor ??
    view[view.length - 1] ?? { createdAt: '1970-01-01T00:00:00.000Z', id: idPrefix };
  const suffix = /~(\d+)$/.exec(base.id);
  const id = suffix ? `${base.id.slice(0, suffix.index)}~${Number(suffix[1]) + 1}` : `${base.id}~1`;
  return encodeCursor({ createdAt: base.createdAt, id });
}
