// An id that cannot exist, in the shape of the target's own ids: an API that validates its ids may
// rightly answer 400 to "apicert-missing-…", which would say nothing about unknown records. Numeric
// ids stay numeric, UUIDs stay UUIDs, and a prefix such as "cus_" is kept. Pure.

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const prefixShape = /^([A-Za-z]+[_-])[A-Za-z0-9]+$/;

export function unknownIdLike(knownId: string | number, random: () => number): string {
  const salt = Math.floor(random() * 1e6);
  if (typeof knownId === 'number' || /^\d+$/.test(knownId)) return String(9_000_000_000_000 + salt);
  if (uuidShape.test(knownId)) {
    // A version-4 UUID no generator would give twice: its random part is drawn from the check's seed.
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
  const prefix = prefixShape.exec(knownId)?.[1];
  if (prefix !== undefined) return `${prefix}apicertmissing${salt.toString(36)}`;
  return `apicert-missing-${salt.toString(36)}`;
}
