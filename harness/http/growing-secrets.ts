// The values a run redacts can grow while it runs: a credential refreshed mid-run brings a token
// nobody knew at the start, and the target can echo it from then on like the first. Whatever
// redacts (the client, the sink, the contract, the runner's messages) reads the list at each use,
// never a copy taken when it was made.

/** Values to redact: a fixed list, or a function read at each use for a list that grows during a run. */
export type SecretValues = readonly string[] | (() => readonly string[]);

/** The values now. */
export function readSecrets(values: SecretValues | undefined): readonly string[] {
  if (values === undefined) return [];
  return typeof values === 'function' ? values() : values;
}

/**
 * `derive(values)`, worked out again only when the values changed: secretVariants and the caches of
 * redact.ts are costly to build and keyed by the array, which stays the same until one is added.
 */
export function derivedFromSecrets<T>(
  values: SecretValues | undefined,
  derive: (now: readonly string[]) => T,
): () => T {
  let last: { readonly from: readonly string[]; readonly derived: T } | undefined;
  return () => {
    const now = readSecrets(values);
    if (last?.from !== now) last = { from: now, derived: derive(now) };
    return last.derived;
  };
}

/** A run's secrets, able to grow: `current` hands out a new frozen array after each addition, the same one until then. */
export class GrowingSecrets {
  #values: readonly string[];

  constructor(values: readonly string[]) {
    this.#values = Object.freeze([...values]);
  }

  /** The secrets known now; a function, so it can be given as SecretValues. */
  readonly current = (): readonly string[] => this.#values;

  /** Adds values to redact from now on (empty and known ones are ignored). */
  add(values: readonly string[]): void {
    const added = values.filter((value) => value !== '' && !this.#values.includes(value));
    if (added.length === 0) return;
    this.#values = Object.freeze([...this.#values, ...new Set(added)]);
  }
}
