// What the kit knows of a list's one order (convention 4.2/3): its length, and the runs of it read
// in full. A short list is read whole, one run; a long one (a staging list of a million records) is
// measured and read at its head and its tail only, so a page asked for in between is judged on its
// length, has_more and the kit's records it shows, not item by item. Pure.

/** A stretch of the order read in full: `ids` hold positions `start` onward. */
export interface OrderRun {
  readonly start: number;
  readonly ids: readonly string[];
}

export interface KnownOrder {
  /** Items in the whole list. */
  readonly length: number;
  /** The stretches read in full, in no particular order; they may overlap. */
  readonly runs: readonly OrderRun[];
}

/** The order of a list read whole. */
export function wholeOrder(ids: readonly string[]): KnownOrder {
  return { length: ids.length, runs: [{ start: 0, ids }] };
}

/** True when one run holds the whole list. */
export function isWholeOrder(order: KnownOrder): boolean {
  return order.runs.some((run) => run.start === 0 && run.ids.length >= order.length);
}

/** The ids at positions `start` to `start + count - 1`, where one run holds them all; else undefined. */
export function idsAt(order: KnownOrder, start: number, count: number): readonly string[] | undefined {
  const end = Math.min(start + count, order.length);
  for (const run of order.runs) {
    if (run.start <= start && run.start + run.ids.length >= end)
      return run.ids.slice(start - run.start, end - run.start);
  }
  return undefined;
}

/** Where each of `ids` stands in the runs read (the first place it was seen), for those that were read. */
export function positionsOf(order: KnownOrder, ids: ReadonlySet<string>): ReadonlyMap<string, number> {
  const positions = new Map<string, number>();
  for (const run of order.runs) {
    run.ids.forEach((id, index) => {
      if (ids.has(id) && !positions.has(id)) positions.set(id, run.start + index);
    });
  }
  return positions;
}

/** True when two reads of the order found the same length and the same runs: nobody wrote between them. */
export function isSameOrder(first: KnownOrder, second: KnownOrder): boolean {
  if (first.length !== second.length || first.runs.length !== second.runs.length) return false;
  return first.runs.every((run, index) => {
    const other = second.runs[index]!;
    return (
      run.start === other.start && run.ids.length === other.ids.length && run.ids.every((id, i) => id === other.ids[i])
    );
  });
}

/** "positions 0–14 and 20,010–20,024 of 20,025", for coverage and messages. */
export function describeKnownOrder(order: KnownOrder): string {
  const runs = [...order.runs]
    .filter((run) => run.ids.length > 0)
    .sort((a, b) => a.start - b.start)
    .map((run) => `${run.start.toLocaleString('en')}–${(run.start + run.ids.length - 1).toLocaleString('en')}`);
  return `positions ${runs.length === 0 ? 'none' : runs.join(' and ')} of ${order.length.toLocaleString('en')}`;
}
