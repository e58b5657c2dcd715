// id, createdAt and updatedAt belong to the server. Chosen rule (docs/reference-server.md): a
// PUT/PATCH body may repeat id and createdAt only with their current values (so a client can send
// back what it read); any other value is a 400. updatedAt is ignored, since it changes on every
// write. A POST body may carry none of them.

const readOnlyFieldNames = ['id', 'createdAt', 'updatedAt'] as const;

export type ReadOnlyCheck =
  | { readonly ok: true; readonly writable: Readonly<Record<string, unknown>>; readonly requestedId?: string }
  | { readonly ok: false; readonly message: string };

/**
 * Splits the server-managed fields off `body`. `stored` is the current record (undefined on
 * create). With `allowsIdChange` (the id-changeable defect) a different id is returned as
 * `requestedId` instead of refused.
 */
export function separateReadOnlyFields(
  body: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>> | undefined,
  allowsIdChange = false,
): ReadOnlyCheck {
  const writable: Record<string, unknown> = {};
  let requestedId: string | undefined;
  for (const [name, value] of Object.entries(body)) {
    if (!(readOnlyFieldNames as readonly string[]).includes(name)) {
      // defineProperty, not assignment: a "__proto__" key must stay a field (and be refused as
      // unknown), not silently become the object's prototype.
      Object.defineProperty(writable, name, { value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    if (stored === undefined)
      return { ok: false, message: `${name} is set by the server and cannot be sent on create` };
    if (name === 'updatedAt') continue;
    if (value === stored[name]) continue;
    if (name === 'id' && allowsIdChange && typeof value === 'string' && value.length > 0) {
      requestedId = value;
      continue;
    }
    return { ok: false, message: `${name} is read-only; send the current value or leave it out` };
  }
  return requestedId === undefined ? { ok: true, writable } : { ok: true, writable, requestedId };
}
