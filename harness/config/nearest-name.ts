// "Did you mean ...?" for keys, enum values and names: typos must not pass silently, and the
// fix should be one glance away.

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

// Comparing long strings is quadratic, and nothing that long is a typo of a short key.
const LONGEST_COMPARED = 64;

/**
 * The candidate closest to `word`, when close enough to be a likely typo: case differences
 * count as nothing, and up to a third of the word's letters (at least one, if it has two) may differ.
 */
export function findNearestName(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > LONGEST_COMPARED) return undefined;
  const lowered = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word || candidate.length > LONGEST_COMPARED) continue;
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  if (best === undefined) return undefined;
  // A one-letter word is one edit from every other one-letter word: that is no typo.
  const allowed = Math.min(word.length - 1, Math.max(1, Math.floor(word.length / 3)));
  return best.distance <= allowed ? best.name : undefined;
}
