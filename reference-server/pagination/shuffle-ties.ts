// The order-without-tie-breaker defect: sorted by createdAt alone, records sharing a timestamp come
// back in whatever order the "database" happens to produce, here a fresh shuffle per request.
import type { SortKey } from './sort-key.js';

/** Returns `view` (sorted by createdAt) with each run of equal createdAt shuffled by `random`. */
export function shuffleTies<T extends SortKey>(view: readonly T[], random: () => number): T[] {
  const result = [...view];
  let runStart = 0;
  for (let index = 1; index <= result.length; index += 1) {
    if (index < result.length && result[index]!.createdAt === result[runStart]!.createdAt) continue;
    for (let last = index - 1; last > runStart; last -= 1) {
      const pick = runStart + Math.floor(random() * (last - runStart + 1));
      [result[last], result[pick]] = [result[pick]!, result[last]!];
    }
    runStart = index;
  }
  return result;
}
