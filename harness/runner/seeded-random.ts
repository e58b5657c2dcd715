// Seeds: one per run, one per check derived from it, so a single check replays on its own.

/** A fresh run seed when the user gave none: a non-negative 31-bit integer. */
export function pickRunSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** The check's seed: FNV-1a of its id mixed with the run seed, a non-negative 31-bit integer. */
export function deriveCheckSeed(runSeed: number, checkId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < checkId.length; i += 1) {
    hash ^= checkId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash ^ runSeed) >>> 0) & 0x7fffffff;
}

/** mulberry32: small, fast and good enough for choosing test cases; returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
