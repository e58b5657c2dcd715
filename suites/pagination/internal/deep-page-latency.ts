// Whether a deep cursor page costs noticeably more than the first. Pure.

export interface DeepPageJudgement {
  readonly firstMs: number;
  readonly deepMs: number;
  readonly ratio: number;
  /** The deep page is slower than the ratio allows, by more than timer noise. */
  readonly isSlow: boolean;
}

// On a fast target both pages take about a millisecond, where a scheduler hiccup alone makes a
// ratio of 3: a deep page must also cost this much more before it is called slow.
export const minimumExtraMs = 5;
// Sub-millisecond first pages would make any ratio huge.
const floorMs = 0.5;

/** Judges the latencies of the first and the deep page against the warning ratio. */
export function judgeDeepPageLatency(firstMs: number, deepMs: number, ratioWarn: number): DeepPageJudgement {
  const ratio = deepMs / Math.max(firstMs, floorMs);
  return { firstMs, deepMs, ratio, isSlow: ratio > ratioWarn && deepMs - firstMs > minimumExtraMs };
}

/** The deep page's time from which judgeDeepPageLatency calls it slow, for a first page of `firstMs`. */
export function slowFromMs(firstMs: number, ratioWarn: number): number {
  return Math.max(ratioWarn * Math.max(firstMs, floorMs), firstMs + minimumExtraMs);
}
