// The command sequences of pagination.model-consistency: two walks a sequence may keep open at once,
// each in a style and a page size of its own, and the steps between them: a page of either walk
// (continued in another page size, or not) and writes of every kind. The fixed sequences run first,
// whatever the seed; fast-check generates the rest and shrinks a failure. Pure: the runner does the I/O.
import fc from 'fast-check';
import type { PaginationStyle } from '../list-targets.js';

/**
 * The writes a step makes on the walk's own list: a create, and a delete, a replace (PUT), a change
 * (PATCH) and a child's create (in a related list) of a record the walk listed, of one it has not
 * listed yet, or of its anchor (the last record of the page it fetched last).
 */
export const writeKinds = [
  'insert',
  ...(['delete', 'replace', 'change', 'child'] as const).flatMap(
    (verb) => [`${verb}-seen`, `${verb}-unseen`, `${verb}-anchor`] as const,
  ),
] as const;
export type WriteKind = (typeof writeKinds)[number];

/** Which of a sequence's two walks. */
export type WalkName = 'A' | 'B';

export type WalkStep =
  /** The next page of a walk (its first, when it has none), in `pageSize` items from there on when given. */
  | { readonly kind: 'page'; readonly walk: WalkName; readonly pageSize?: number }
  /** A write; `pick` chooses among the records that fit (modulo their count). */
  | { readonly kind: 'write'; readonly write: WriteKind; readonly pick: number };

/** How a walk pages: a style the list offers and the size of its first page. */
export interface WalkPlan {
  readonly style: PaginationStyle;
  readonly pageSize: number;
}

export interface WalkSequence {
  readonly walks: Readonly<Record<WalkName, WalkPlan>>;
  readonly steps: readonly WalkStep[];
}

/**
 * The page sizes a walk draws from, biased to the boundaries around the walks' own size: 1, 2, one
 * below, the size, one above and twice it (at most the largest a walk may ask for).
 */
export function pageSizeDomain(walkPageSize: number, largest: number): number[] {
  const sizes = [1, 2, walkPageSize - 1, walkPageSize, walkPageSize + 1, 2 * walkPageSize];
  return [...new Set(sizes.filter((size) => size >= 1 && size <= Math.max(largest, walkPageSize)))].sort(
    (a, b) => a - b,
  );
}

/** Generated sequences of up to `maxSteps` steps over two walks in the list's `styles`. */
export function walkSequenceArbitrary(
  styles: readonly PaginationStyle[],
  sizes: readonly number[],
  maxSteps: number,
): fc.Arbitrary<WalkSequence> {
  const plan = fc.record({ style: fc.constantFrom(...styles), pageSize: fc.constantFrom(...sizes) });
  const walk = fc.constantFrom<WalkName>('A', 'B');
  const page = fc
    .record({ walk, pageSize: fc.option(fc.constantFrom(...sizes), { freq: 3, nil: undefined }) })
    .map(({ walk: name, pageSize }): WalkStep =>
      pageSize === undefined ? { kind: 'page', walk: name } : { kind: 'page', walk: name, pageSize },
    );
  const write = fc
    .record({ write: fc.constantFrom(...writeKinds), pick: fc.nat({ max: 31 }) })
    .map(({ write: kind, pick }): WalkStep => ({ kind: 'write', write: kind, pick }));
  // Pages first: shrinking turns a step into a page before it drops it.
  const step = fc.oneof({ arbitrary: page, weight: 3 }, { arbitrary: write, weight: 2 });
  return fc.record({
    walks: fc.record({ A: plan, B: plan }),
    steps: fc.array(step, { maxLength: maxSteps, size: 'max' }),
  });
}

/**
 * The fixed sequences, one of each way a walk is known to break where operations meet, on every
 * list whatever the seed. Each is given in the styles the list offers (a style it lacks becomes its
 * first), in the walks' own page size `size`:
 * 1. one walk with writes of every kind between its pages, continued in 2 items a page and then in
 *    its own size again (a sort key a PATCH or a child's create renews; a cursor that keeps the
 *    size of the page that made it), never above walkPageSize, which every list serves;
 * 2. two walks open at once, a delete and an insert between their pages (a walk's position kept by
 *    the server per list instead of in its cursor);
 * 3. an offset and a page walk side by side, a record listed deleted between, continued in other
 *    sizes: 2 items a page, and twice the size once the page walk is two pages in (page 2 of that
 *    size starts where page 3 of the first would; a list whose maximum is lower may refuse it).
 */
export function fixedWalkSequences(styles: readonly PaginationStyle[], size: number): WalkSequence[] {
  const as = (style: PaginationStyle): PaginationStyle => (styles.includes(style) ? style : styles[0]!);
  const cursor = as('cursor');
  const page = (walk: WalkName, pageSize?: number): WalkStep =>
    pageSize === undefined ? { kind: 'page', walk } : { kind: 'page', walk, pageSize };
  const write = (kind: WriteKind, pick = 0): WalkStep => ({ kind: 'write', write: kind, pick });
  const one = { style: cursor, pageSize: size };
  return [
    {
      walks: { A: one, B: one },
      steps: [
        page('A'),
        write('change-seen'),
        write('child-seen', 1),
        page('A', 2),
        write('delete-anchor'),
        write('replace-unseen'),
        write('insert'),
        page('A', size),
        write('change-unseen'),
        write('child-unseen'),
        // Not the record changed first (pick 0) nor the one given a child (pick 1): they must be listed once.
        write('delete-seen', 2),
      ],
    },
    {
      walks: { A: one, B: one },
      steps: [page('A'), write('delete-seen'), page('B'), page('A'), write('insert'), page('B'), page('A')],
    },
    {
      walks: { A: { style: as('offset'), pageSize: size }, B: { style: as('page'), pageSize: size } },
      steps: [page('A'), page('B'), write('delete-seen'), page('A', 2), page('B'), page('B', size * 2), page('A')],
    },
  ];
}

/** A step in words, for a sequence's numbered steps. */
export function describeStep(step: WalkStep): string {
  if (step.kind === 'page')
    return `next page of walk ${step.walk}${step.pageSize === undefined ? '' : ` in ${step.pageSize} item(s) a page`}`;
  return `${step.write} (pick ${step.pick})`;
}
