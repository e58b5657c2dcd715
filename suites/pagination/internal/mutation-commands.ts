// The writes fast-check interleaves with a cursor walk: inserts, deletes of a record already seen,
// of one not yet seen, and of the very record the cursor points at (the anchor), and replaces (PUT)
// of a record seen or not: a replaced record is present throughout, so listed exactly once. Pure:
// which record a command hits is decided from what the walk has seen so far.
import fc from 'fast-check';

export type MutationKind =
  'insert' | 'delete-seen' | 'delete-unseen' | 'delete-anchor' | 'replace-seen' | 'replace-unseen';

/** The kinds that keep the record they hit: it stays among the records the walk must list once. */
export const keepsRecord = (kind: MutationKind): boolean => kind === 'replace-seen' || kind === 'replace-unseen';

/** One write, made after the page `afterPage` (0-based) was fetched and before the next one. */
export interface Mutation {
  readonly afterPage: number;
  readonly kind: MutationKind;
  /** Chooses among the candidate records (modulo their count); ignored by insert and delete-anchor. */
  readonly pick: number;
}

/** What the walk knows when a command runs. Only the kit's own records are ever deleted. */
export interface WalkSoFar {
  /** Own records already listed and still there, in walk order. */
  readonly seen: readonly string[];
  /** Own records not listed yet and still there, in creation order. */
  readonly unseen: readonly string[];
  /** The last item of the page just fetched, when it is one of the kit's records. */
  readonly anchor: string | undefined;
}

/** Sequences of up to `maxLength` commands spread over the first `gaps` gaps between pages. */
export function mutationsArbitrary(gaps: number, maxLength = 4): fc.Arbitrary<Mutation[]> {
  const kind = fc.oneof(
    // Listed first, so shrinking turns commands into harmless inserts before dropping them.
    { arbitrary: fc.constant<MutationKind>('insert'), weight: 1 },
    { arbitrary: fc.constant<MutationKind>('delete-seen'), weight: 1 },
    { arbitrary: fc.constant<MutationKind>('delete-unseen'), weight: 1 },
    // The case a keyset cursor must survive and an id-lookup cursor does not: weighted up.
    { arbitrary: fc.constant<MutationKind>('delete-anchor'), weight: 2 },
    { arbitrary: fc.constant<MutationKind>('replace-seen'), weight: 1 },
    { arbitrary: fc.constant<MutationKind>('replace-unseen'), weight: 1 },
  );
  const mutation = fc.record({ afterPage: fc.nat({ max: Math.max(0, gaps - 1) }), kind, pick: fc.nat({ max: 31 }) });
  // No writes at all is a case too: a pager that skips or repeats on its own shrinks to it.
  return fc.array(mutation, { maxLength });
}

/**
 * The runs made first, before the generated ones (fast-check's `examples`): one of each way a
 * cursor is known to break, so each is tried on every list whatever the seed and however few runs
 * pagination.propertyRuns allows. A walk with no writes (a pager that skips, repeats or reorders on
 * its own); the anchor deleted (a cursor that looks its record up); a seen record deleted, then an
 * unseen one and an insert (a cursor that encodes an offset, shifted by each).
 */
export const fixedMutationRuns: readonly (readonly Mutation[])[] = [
  [],
  [{ afterPage: 0, kind: 'delete-anchor', pick: 0 }],
  [
    { afterPage: 0, kind: 'delete-seen', pick: 0 },
    { afterPage: 1, kind: 'delete-unseen', pick: 0 },
    { afterPage: 2, kind: 'insert', pick: 0 },
  ],
  // A record already listed replaced: an order by a field a replace renews lists it again.
  [{ afterPage: 0, kind: 'replace-seen', pick: 0 }],
];

/** The record a delete command removes, or undefined when it has none to hit (or is an insert). */
export function pickVictim(mutation: Mutation, walk: WalkSoFar): string | undefined {
  switch (mutation.kind) {
    case 'insert':
      return undefined;
    case 'delete-anchor':
      return walk.anchor;
    case 'delete-seen':
    case 'replace-seen':
      return walk.seen.length === 0 ? undefined : walk.seen[mutation.pick % walk.seen.length];
    case 'delete-unseen':
    case 'replace-unseen':
      return walk.unseen.length === 0 ? undefined : walk.unseen[mutation.pick % walk.unseen.length];
  }
}

/** The commands to run after page `pageIndex`, in the order generated. */
export function mutationsAfter(mutations: readonly Mutation[], pageIndex: number): Mutation[] {
  return mutations.filter((m) => m.afterPage === pageIndex);
}

/** A command in words, for a counterexample: "after page 1: delete the anchor". */
export function describeMutation(mutation: Mutation): string {
  const what: Record<MutationKind, string> = {
    insert: 'insert a record',
    'delete-seen': `delete a record already seen (pick ${mutation.pick})`,
    'delete-unseen': `delete a record not yet seen (pick ${mutation.pick})`,
    'delete-anchor': 'delete the anchor (the record next_cursor points at)',
    'replace-seen': `replace a record already seen (pick ${mutation.pick})`,
    'replace-unseen': `replace a record not yet seen (pick ${mutation.pick})`,
  };
  return `after page ${mutation.afterPage + 1}: ${what[mutation.kind]}`;
}
