// An id that cannot exist, in the shape of the target's own ids: an API with numeric ids may
// rightly answer 400 to "apicert-missing-…", which would say nothing about unknown records. Pure.

export function unknownIdLike(knownId: string | number, random: () => number): string {
  const salt = Math.floor(random() * 1e6);
  if (typeof knownId === 'number' || /^\d+$/.test(knownId)) return String(9_000_000_000_000 + salt);
  return `apicert-missing-${salt.toString(36)}`;
}
