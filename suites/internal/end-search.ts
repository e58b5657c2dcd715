// The search for the end of a long list by offset, apart from its I/O: offsets doubling until a page
// comes back empty, then bisected, so a list of a million records is measured in about forty reads
// instead of walked. Each read narrows what the list's length can be: a page of k items at offset o
// with has_more false says the length is exactly o + k; with has_more true, at least o + k + 1; an
// empty page, at most o. Where an earlier measuring found the length, the search starts there and
// gallops away from it in doubling steps, so a list that grew or shrank by a few pages since is
// measured again in a handful of reads. Pure.

/** What the reads so far say of the list's length. */
export interface EndSearch {
  readonly pageSize: number;
  /** The length is at least this. */
  readonly atLeast: number;
  /** The length is at most this; undefined until a read came back empty. */
  readonly atMost: number | undefined;
  /** Where an earlier measuring found the length: read first, then galloped away from in `stride` steps. */
  readonly near?: { readonly at: number; readonly stride: number; readonly isRead: boolean };
}

/** A search that knows the list holds at least `atLeast` records (0 when nothing is known yet). */
export function startEndSearch(pageSize: number, atLeast: number): EndSearch {
  return { pageSize, atLeast, atMost: undefined };
}

/** A search that starts at `near`, the length an earlier measuring found. */
export function startEndSearchNear(pageSize: number, atLeast: number, near: number): EndSearch {
  return { pageSize, atLeast, atMost: undefined, near: { at: near, stride: pageSize, isRead: false } };
}

/** The offset to read next, or the list's length once the reads pin it. */
export function nextEndProbe(
  search: EndSearch,
): { readonly kind: 'read'; readonly offset: number } | { readonly kind: 'found'; readonly length: number } {
  const { atLeast, atMost, pageSize, near } = search;
  if (atMost !== undefined && atLeast >= atMost) return { kind: 'found', length: atMost };
  if (near !== undefined) {
    if (!near.isRead && near.at >= atLeast && (atMost === undefined || near.at < atMost))
      return { kind: 'read', offset: near.at };
    // Up from the hint while pages follow; down from it while they do not, until a bound is crossed.
    if (atMost === undefined) return { kind: 'read', offset: atLeast - 1 + near.stride };
    if (atMost - near.stride > atLeast) return { kind: 'read', offset: atMost - near.stride };
  }
  if (atMost === undefined) return { kind: 'read', offset: Math.max(2 * atLeast, pageSize) };
  // A page read at an offset below the length holds its item: between the two bounds, halving them.
  return { kind: 'read', offset: Math.floor((atLeast + atMost - 1) / 2) };
}

/** What one read at `offset` says: `items` on the page, and whether the page said has_more. */
export function recordEndProbe(search: EndSearch, offset: number, items: number, hasMore: boolean): EndSearch {
  const { near } = search;
  const next =
    near === undefined ? search : { ...search, near: { at: near.at, stride: near.stride * 2, isRead: true } };
  if (items === 0) return { ...next, atMost: Math.min(search.atMost ?? offset, offset) };
  if (!hasMore) return { ...next, atLeast: offset + items, atMost: offset + items };
  return { ...next, atLeast: Math.max(search.atLeast, offset + items + 1) };
}

/** What one read at an offset showed: the items on its page and whether the page said has_more. */
export interface EndRead {
  readonly items: number;
  readonly hasMore: boolean;
}

export interface MeasureOptions {
  /** Most reads before the search gives up, unmeasured. */
  readonly maxReads: number;
  /** Where the page that holds an offset begins, where reads go by page number; default the offset. */
  readonly alignedTo?: (offset: number) => number;
}

/**
 * The list's length, from reads of its pages at the offsets the search picks, starting from what
 * `known` already says; undefined when a read says the list cannot be measured (it returns
 * undefined) or the reads run out. `read` does the I/O.
 */
export async function measureLength(
  read: (offset: number) => Promise<EndRead | undefined>,
  known: EndSearch,
  { maxReads, alignedTo = (offset) => offset }: MeasureOptions,
): Promise<number | undefined> {
  let search = known;
  for (let reads = 0; reads < maxReads; reads += 1) {
    const next = nextEndProbe(search);
    if (next.kind === 'found') return next.length;
    // A read by page number covers the page that holds the offset: it is recorded where that began.
    const at = alignedTo(next.offset);
    const page = await read(at);
    if (page === undefined) return undefined;
    search = recordEndProbe(search, at, page.items, page.hasMore);
  }
  const last = nextEndProbe(search);
  return last.kind === 'found' ? last.length : undefined;
}
