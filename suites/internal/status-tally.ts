// How a check's coverage says which statuses its probes were answered with (issue 35, item 4): a pass
// seen on one kind of answer must not read as one that saw every kind. Pure.

/** "401 (7 of 7)" or "400 (5), 200 (3) of 8": each status with how many answers had it, most first. */
export function describeStatuses(statuses: readonly number[]): string {
  if (statuses.length === 0) return 'no answers';
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const ranked = [...counts].sort(([a, countA], [b, countB]) => countB - countA || a - b);
  if (ranked.length === 1) return `${ranked[0]![0]} (${statuses.length} of ${statuses.length})`;
  return `${ranked.map(([status, count]) => `${status} (${count})`).join(', ')} of ${statuses.length}`;
}
