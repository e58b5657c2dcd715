// Runs independent work side by side, at most `limit` at a time, and returns the results in the
// order of the input, so a verdict built from them does not depend on which finished first. The
// HTTP client holds the run's limit on requests in flight whatever a check asks for here.

/**
 * Maps `items` with `work`, `limit` at a time. When one throws, no new item starts, the ones
 * running are let finish (nothing of the check keeps sending after it ends), and the first error
 * thrown is thrown.
 */
export async function mapInParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
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
 * say), or undefined when every item passed: the same answer whichever item finished first.
 */
export async function firstVerdictInOrder<T, R>(items: readonly T[], limit: number, judge: (item: T) => Promise<R | undefined>): Promise<R | undefined> {
  const verdicts = await mapInParallel(items, limit, judge);
  return verdicts.find((verdict) => verdict !== undefined);
}
