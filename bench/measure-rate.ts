// Alternating timed rounds, so two loops share the machine's noise and their ratio means something.

export interface RateSample {
  readonly label: string;
  /** Requests (or pages) per second, the median of the rounds. */
  readonly perSecond: number;
  readonly rounds: readonly number[];
}

/** Runs each loop for `roundMs` in turn, `rounds` times; each loop does one unit of work per call. */
export async function measureRates(
  loops: ReadonlyArray<{ readonly label: string; readonly once: () => Promise<void> }>,
  rounds: number,
  roundMs: number,
): Promise<RateSample[]> {
  const results = loops.map(() => [] as number[]);
  for (const loop of loops) for (let i = 0; i < 50; i += 1) await loop.once(); // warm-up: JIT, sockets
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, loop] of loops.entries()) {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < roundMs) {
        await loop.once();
        count += 1;
      }
      results[index]!.push((count * 1000) / (performance.now() - started));
    }
  }
  return loops.map((loop, index) => ({
    label: loop.label,
    perSecond: median(results[index]!),
    rounds: results[index]!,
  }));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
