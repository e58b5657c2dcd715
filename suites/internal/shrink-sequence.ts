// Shrinks a failing sequence the property runner did not generate (a fixed one): drops chunks of it,
// halves first, then smaller, keeping each drop after which it still fails, within a budget of runs.

/** The shortest sequence found that still fails, and how many runs the search made. */
export async function shrinkSequence<T>(
  items: readonly T[],
  stillFails: (candidate: readonly T[]) => Promise<boolean>,
  maxRuns: number,
): Promise<{ readonly items: readonly T[]; readonly runs: number }> {
  let current = [...items];
  let runs = 0;
  for (let chunk = Math.max(1, Math.floor(current.length / 2)); chunk >= 1; chunk = Math.floor(chunk / 2)) {
    for (let start = current.length - chunk; start >= 0 && runs < maxRuns; start -= chunk) {
      const candidate = [...current.slice(0, start), ...current.slice(start + chunk)];
      if (candidate.length === 0) continue;
      runs += 1;
      if (await stillFails(candidate)) current = candidate;
    }
    if (runs >= maxRuns) break;
  }
  return { items: current, runs };
}
