// Pure judgements over the ids a walk saw: repeats, gaps, cycles, order. No I/O, property-tested.

/** Ids listed more than once, in the order their second sighting happened; `judged` limits the ids looked at. */
export function findRepeatedIds(ids: readonly string[], judged?: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) {
    if (judged !== undefined && !judged.has(id)) continue;
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}

/** Ids of `expected` that `listed` never shows, in `expected` order. */
export function findMissingIds(expected: Iterable<string>, listed: readonly string[]): string[] {
  const present = new Set(listed);
  return [...expected].filter((id) => !present.has(id));
}

/** True when a non-empty page holds only ids the walk has already seen: the walk went back. */
export function isPageAllRepeats(pageIds: readonly string[], seenBefore: ReadonlySet<string>): boolean {
  return pageIds.length > 0 && pageIds.every((id) => seenBefore.has(id));
}

/**
 * The records of `kept` that both reads listed, each in the order its read listed them: the same
 * sequence when the order held (4.2/3), whatever others inserted or deleted between the reads.
 */
export function sharedInOrder(
  first: readonly string[],
  second: readonly string[],
  kept: ReadonlySet<string>,
): readonly [string[], string[]] {
  const inFirst = new Set(first);
  const inSecond = new Set(second);
  return [
    first.filter((id) => kept.has(id) && inSecond.has(id)),
    second.filter((id) => kept.has(id) && inFirst.has(id)),
  ];
}

/**
 * True when one read of a page is the other moved by a few positions: records others inserted or
 * deleted ahead of an offset shift every record after it alike. Records reordered among themselves
 * (ties without a tie-breaker, 4.2/3) are no shift.
 */
export function isShiftOf(first: readonly string[], second: readonly string[]): boolean {
  // `later` is `earlier` moved on by `by` positions: later[i + by] is earlier[i] wherever both read.
  const isMovedOn = (earlier: readonly string[], later: readonly string[], by: number): boolean => {
    const overlap = Math.min(earlier.length, later.length - by);
    if (overlap <= 0) return false;
    for (let index = 0; index < overlap; index += 1) if (later[index + by] !== earlier[index]) return false;
    return true;
  };
  for (let by = 1; by < Math.max(first.length, second.length); by += 1)
    if (isMovedOn(first, second, by) || isMovedOn(second, first, by)) return true;
  return false;
}

/**
 * True when two walks listed the same ids, however ordered: nobody inserted or deleted a record
 * between them (an unstable order lists the same ids too, so it never passes for others' writes).
 */
export function listSameIds(first: readonly string[], second: readonly string[]): boolean {
  if (first.length !== second.length) return false;
  const a = [...first].sort();
  const b = [...second].sort();
  return a.every((id, index) => id === b[index]);
}

/** `ids` keeping only those in `kept`, in order: the kit judges its own fixtures, never others' records. */
export function keepOnly(ids: readonly string[], kept: ReadonlySet<string>): string[] {
  return ids.filter((id) => kept.has(id));
}

/** The first index where two id sequences differ, or -1 when they are equal. */
export function firstDifference(a: readonly string[], b: readonly string[]): number {
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index += 1) if (a[index] !== b[index]) return index;
  return -1;
}

/** The largest divisor of `total` that is at most `limit` (at least 1): a page size whose last page is exactly full. */
export function largestDivisorUpTo(total: number, limit: number): number {
  for (let size = Math.min(total, limit); size > 1; size -= 1) if (total % size === 0) return size;
  return 1;
}

/** A short list for a one-line message: the first few ids, then how many more. */
export function listBriefly(ids: readonly string[], shown = 3): string {
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `${head} and ${ids.length - shown} more` : head;
}

/** What a walk got wrong about the records it is judged on. */
export interface WalkProblems {
  /** Judged ids listed more than once. */
  readonly repeated: readonly string[];
  /** Expected ids never listed. */
  readonly missing: readonly string[];
}

/**
 * Judges a walk: every `expected` id listed, no `judged` id listed twice. Ids outside `judged`
 * (records others create or delete meanwhile) are never held against the target.
 */
export function judgeWalkedIds(
  walked: readonly string[],
  expected: Iterable<string>,
  judged: ReadonlySet<string>,
): WalkProblems {
  return { repeated: findRepeatedIds(walked, judged), missing: findMissingIds(expected, walked) };
}

/** True when the walk listed every expected id exactly once. */
export function isWalkExact(problems: WalkProblems): boolean {
  return problems.repeated.length === 0 && problems.missing.length === 0;
}

/** One clause for a message, e.g. "listed cus_1 twice and never listed cus_7". */
export function describeWalkProblems(problems: WalkProblems): string {
  const parts: string[] = [];
  if (problems.repeated.length > 0) parts.push(`listed ${listBriefly(problems.repeated)} twice`);
  if (problems.missing.length > 0) parts.push(`never listed ${listBriefly(problems.missing)}`);
  return parts.join(' and ') || 'listed every record exactly once';
}

/**
 * Index of the first page, after the first, that came back empty although the page before it said
 * has_more true (a walk only asks for a next page then), or -1. Only meaningful without mutations:
 * a delete between pages can empty the rest of a list legitimately.
 */
export function findEmptyPageAfterMore(pageItemCounts: readonly number[]): number {
  for (let index = 1; index < pageItemCounts.length; index += 1) if (pageItemCounts[index] === 0) return index;
  return -1;
}

/**
 * The first id of `ids` when the page begins as the list's first page did (its first ids, in order,
 * at least two where it had two): a restart, never one record of others that moved (a list sorted
 * by a field others update may carry one from the head to the tail).
 */
export function findRestart(headIds: readonly string[] | undefined, ids: readonly string[]): string | undefined {
  if (headIds === undefined || headIds.length === 0) return undefined;
  const count = Math.min(3, headIds.length, ids.length);
  if (count < Math.min(2, headIds.length)) return undefined;
  for (let index = 0; index < count; index += 1) if (ids[index] !== headIds[index]) return undefined;
  return ids[0];
}
