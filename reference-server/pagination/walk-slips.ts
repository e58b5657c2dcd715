// The pagination switches that only show where operations meet (pagination.model-consistency): a
// cursor that keeps the page size of the walk's first page, and a walk's snapshot kept once per list.
// Each keeps what it needs per server (ServerContext.slips); without the switches nothing is kept.
import type { DefectName } from '../defects.js';
import { decodeOffsetCursor, encodeOffsetCursor } from './cursor-codec.js';
import type { ListPageResult } from './build-list-page.js';
import type { PageRequest } from './parse-page-params.js';
import type { SortKey } from './sort-key.js';

/** What the switches remember, per server. */
export interface WalkSlipMemory {
  /** cursor-keeps-first-limit: the page size each cursor was made with. */
  readonly cursorSizes: Map<string, number>;
  /** walk-snapshot-shared-per-list: the list as the last walk's first page saw it, per list path. */
  readonly snapshots: Map<string, readonly SortKey[]>;
}

export function createWalkSlipMemory(): WalkSlipMemory {
  return { cursorSizes: new Map(), snapshots: new Map() };
}

// Remembered cursors and snapshots past this many are forgotten, all at once: a bounded memory.
const maxRemembered = 10_000;

/** The request as cursor-keeps-first-limit reads it: the size its cursor was made with. */
export function sizeKeptByCursor(
  defects: ReadonlySet<DefectName>,
  memory: WalkSlipMemory,
  request: PageRequest,
): PageRequest {
  if (!defects.has('cursor-keeps-first-limit') || request.start.kind !== 'after') return request;
  const size = memory.cursorSizes.get(request.start.cursor);
  return size === undefined ? request : { ...request, size };
}

/** Under cursor-keeps-first-limit: the page's next cursor remembers the size the page was cut in. */
export function rememberCursorSize(
  defects: ReadonlySet<DefectName>,
  memory: WalkSlipMemory,
  nextCursor: string | null | undefined,
  size: number,
): void {
  if (!defects.has('cursor-keeps-first-limit') || typeof nextCursor !== 'string') return;
  if (memory.cursorSizes.size >= maxRemembered) memory.cursorSizes.clear();
  memory.cursorSizes.set(nextCursor, size);
}

/**
 * Under walk-snapshot-shared-per-list, the page of a cursor walk: its first page (a size and no
 * position) snapshots the list for `listKey`, replacing the last one; a later page is cut from
 * whatever snapshot the list holds now, at the position its cursor names. Undefined otherwise.
 */
export function snapshotPage<T extends SortKey>(
  defects: ReadonlySet<DefectName>,
  memory: WalkSlipMemory,
  listKey: string,
  view: readonly T[],
  request: PageRequest,
): ListPageResult<T> | undefined {
  if (!defects.has('walk-snapshot-shared-per-list') || !Number.isFinite(request.size)) return undefined;
  let position: number;
  if (request.style === 'default') {
    if (memory.snapshots.size >= maxRemembered) memory.snapshots.clear();
    memory.snapshots.set(listKey, [...view]);
    position = 0;
  } else if (request.start.kind === 'after') {
    const offset = decodeOffsetCursor(request.start.cursor);
    if (offset === undefined) return undefined;
    position = offset;
  } else return undefined;
  const snapshot = (memory.snapshots.get(listKey) ?? view) as readonly T[];
  const items = snapshot.slice(position, position + request.size);
  const hasMore = position + request.size < snapshot.length;
  return {
    ok: true,
    startIndex: position,
    body: { items, next_cursor: hasMore ? encodeOffsetCursor(position + request.size) : null, has_more: hasMore },
  };
}
