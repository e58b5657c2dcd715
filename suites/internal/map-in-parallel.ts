// Runs independent work side by side, at most `limit` at a time, and returns the results in the
// order of the input, so a verdict built from them does not depend on which finished first. The
// HTTP client holds the run's limit on requests in flight whatever a check asks for here.

/**
 * Maps `items` with `work`, `limit` at a time. When one throws, no new item starts, the ones
 * running are let finish (nothing of the check keeps sending after it ends), and the first error
 * thrown is thrown.
 */
export async function mapInParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (next < items.length && failure === undefined) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, Math.floor(limit)), items.length) }, lane));
  if (failure !== undefined) throw failure.error;
  return results;
}

/**
 * Runs `judge` on every item side by side and returns the first verdict in input order (a failure,
 * say), or undefined when every item passed: the same answer whichever item finished first. Read in
 * input order as one after another would: an item's error is thrown only when no earlier item gave
 * a verdict, so a later item's error (a spent budget, say) never hides an earlier failure.
 */
export async function firstVerdictInOrder<T, R>(
  items: readonly T[],
  limit: number,
  judge: (item: T) => Promise<R | undefined>,
): Promise<R | undefined> {
  const settled = await mapInParallel(items, limit, (item) => settle(() => judge(item)));
  for (const outcome of settled) {
    if ('thrown' in outcome) throw outcome.thrown;
    if (outcome.value !== undefined) return outcome.value;
  }
  return undefined;
}

/**
 * The value `work` gave, or what it threw: for results read in order after all have settled, so an
 * earlier item's outcome is seen before a later item's error is thrown.
 */
export async function settle<T>(work: () => Promise<T>): Promise<{ readonly value: T } | { readonly thrown: unknown }> {
  try {
    return { value: await work() };
  } catch (thrown) {
    return { thrown };
  }
}

/**
 * Like mapInParallel, except that an item starts only once every earlier item it `conflicts` with
 * has finished: items that touch the same thing run in input order, each seeing what the earlier
 * ones left, and the others side by side. So what each item sees does not depend on timing.
 */
export async function mapInConflictOrder<T, R>(
  items: readonly T[],
  limit: number,
  conflicts: (earlier: T, later: T) => boolean,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const finished: Promise<void>[] = [];
  const slots = Math.max(1, Math.floor(limit));
  let running = 0;
  const queued: (() => void)[] = [];
  let failure: { readonly error: unknown } | undefined;
  const acquire = (): Promise<void> | void => {
    if (running < slots) {
      running += 1;
      return;
    }
    return new Promise<void>((resolve) => queued.push(resolve));
  };
  // A freed slot passes straight to the next item waiting for one.
  const release = (): void => {
    const next = queued.shift();
    if (next === undefined) running -= 1;
    else next();
  };
  for (const [index, item] of items.entries()) {
    const before = finished.filter((_, earlier) => conflicts(items[earlier]!, item));
    finished.push(
      (async () => {
        await Promise.all(before);
        await acquire();
        try {
          if (failure === undefined) results[index] = await work(item, index);
        } catch (error) {
          failure ??= { error };
        } finally {
          release();
        }
      })(),
    );
  }
  await Promise.all(finished);
  if (failure !== undefined) throw failure.error;
  return results;
}

/**
 * Awaits every one of `work` (started at once), then throws the first error in input order or
 * returns the values in order: none is left running unwatched when another fails.
 */
export async function settledInOrder<T extends readonly unknown[]>(work: {
  readonly [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
