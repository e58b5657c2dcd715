// Cursors are base64url of a JSON keyset {createdAt, id} (the reference encodes its own way): the
// page after a cursor starts at the first record ordered after that key, so the anchor may have
// been deleted and inserts elsewhere move nothing (convention 4.2 rule 2).
import type { RecordId, StoredRecord } from './record-store.js';
import type { IdStyle } from './second-server-options.js';

export interface Keyset {
  readonly createdAt: string;
  readonly id: RecordId;
}

export function encodeCursor(record: StoredRecord): string {
  const keyset: Keyset = { createdAt: record.createdAt, id: record.id };
  return Buffer.from(JSON.stringify(keyset), 'utf8').toString('base64url');
}

/** The keyset in a cursor, or undefined when the text is not one this server (of this id style) issued. */
export function decodeCursor(text: string, idStyle: IdStyle): Keyset | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { createdAt, id } = value as Record<string, unknown>;
    if (typeof createdAt !== 'string') return undefined;
    const isIdOfStyle =
      idStyle === 'uuid' ? typeof id === 'string' && id.length > 0 : typeof id === 'number' && Number.isSafeInteger(id);
    return isIdOfStyle ? { createdAt, id: id as RecordId } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Convention 4.2 rule 3: createdAt, then the unique id, so no two records compare equal. Numeric
 * ids compare as numbers, UUIDs as text: random, but a total order all the same.
 */
export function compareKeysets(a: Keyset, b: Keyset): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  const left = String(a.id);
  const right = String(b.id);
  return left === right ? 0 : left < right ? -1 : 1;
}
