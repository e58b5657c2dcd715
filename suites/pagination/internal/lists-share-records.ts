// Whether a write to one list may change what another lists. A nested list's records are children of
// a record of its parent collection (a write to a child may change its parent, its updated_at say)
// and are often the records of a top-level collection too (/customers/{id}/orders lists orders that
// /orders lists). Checks that write judge such lists one after another; other lists side by side.
// Pure.
import type { ListTarget } from './list-targets.js';

/** True when a write to a record of `a` may change the records `b` lists, or the other way round. */
export function listsMayShareRecords(a: ListTarget, b: ListTarget): boolean {
  const homes = recordHomes(a);
  return [...recordHomes(b)].some((home) => homes.has(home));
}

// Where a list's records may live: by collection name and by the path their members are under.
function recordHomes(target: ListTarget): Set<string> {
  const homes = new Set([`name ${target.collection.name}`, `path ${target.collection.path}`]);
  const { related } = target;
  if (related !== undefined) {
    homes.add(`name ${related.name}`);
    homes.add(`path ${related.memberPath.replace(/\/\{childId\}$/, '')}`);
  }
  return homes;
}

/**
 * The nested lists of `all` whose records `target`, a top-level list, lists too: their members live
 * under its path or in its collection (/customers/{id}/orders makes orders that /orders lists). Empty
 * for a nested list, which lists its own parent's children only.
 */
export function nestedListsListedIn(target: ListTarget, all: readonly ListTarget[]): ListTarget[] {
  return all.filter((candidate) => listsRecordsOf(target, candidate));
}

/**
 * True when a record the kit adds to one list shows in the other's count: a nested list and the
 * top-level list that lists its records too. Narrower than listsMayShareRecords, which also links a
 * parent to its children (a child's write may move its parent in an order, but adds no parent).
 */
export function listsShareCounts(a: ListTarget, b: ListTarget): boolean {
  return a === b || listsRecordsOf(a, b) || listsRecordsOf(b, a);
}

// Whether top-level list `top` also lists the records of nested list `nested`.
function listsRecordsOf(top: ListTarget, nested: ListTarget): boolean {
  const { related } = nested;
  if (top.related !== undefined || related === undefined) return false;
  return (
    related.name === top.collection.name || related.memberPath.replace(/\/\{childId\}$/, '') === top.collection.path
  );
}

/**
 * The page size to walk `target` in when the kit pages through every list: walkPageSize, times one
 * more for each nested list whose records it also lists. Each list holds about as many of the kit's
 * records as the others, so /orders, which lists its own and those of /customers/{id}/orders, is
 * walked in pages twice as large: as many pages as the other lists, not twice as many round trips.
 * Fixed by the config, so the same seed walks the same way.
 */
export function walkPageSizeAmong(target: ListTarget, all: readonly ListTarget[], walkPageSize: number): number {
  return walkPageSize * (1 + nestedListsListedIn(target, all).length);
}
