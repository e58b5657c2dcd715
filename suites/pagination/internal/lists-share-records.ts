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
