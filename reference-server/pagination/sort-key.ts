// The order of every list: createdAt ascending, then id. Convention 4.2 rule 3: ties must break on
// a unique field, or a row lands on two pages (or none) when timestamps collide.

/** The fields a list is ordered by; a cursor encodes exactly these of the last item seen. */
export interface SortKey {
  readonly createdAt: string;
  readonly id: string;
}

/** Negative when a sorts before b, 0 when equal, positive after. Compares by UTF-16 code unit. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** Index of the first item of a sorted view whose key is above `key` (or at/above it when inclusive). */
export function indexAfterKey(view: readonly SortKey[], key: SortKey, inclusive = false): number {
  let low = 0;
  let high = view.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = compareSortKeys(view[mid]!, key);
    const isBefore = inclusive ? order < 0 : order <= 0;
    if (isBefore) low = mid + 1;
    else high = mid;
  }
  return low;
}
