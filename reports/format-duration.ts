// A duration as every report writes it. Pure.

/** "31 ms" under a second, else "5.2 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
