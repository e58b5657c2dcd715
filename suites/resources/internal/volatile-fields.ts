// Fields a server changes on every write by design (timestamps, versions, entity tags): a PATCH
// that moves them has not changed "fields it was not given". Pure.

const volatileNames = new Set([
  'updatedat',
  'updated_at',
  'modifiedat',
  'modified_at',
  'lastmodified',
  'last_modified',
  'version',
  'etag',
  '_etag',
  'revision',
  '_rev',
]);

export function isVolatileField(name: string): boolean {
  return volatileNames.has(name.toLowerCase());
}
