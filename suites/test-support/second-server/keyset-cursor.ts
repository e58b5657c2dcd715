// Cursors are base64url of a JSON keyset {createdAt, id} (the reference encodes its own way): the
// page after a cursor starts at the first record ordered after that key, so the anchor may have
// been deleted and inserts elsewhere move nothing (convention 4.2 rule 2).
import type { StoredRecord } from './record-store.js';

export interface Keyset {
  readonly createdAt: string;
  readonly id: number;
}

export function encodeCursor(record: StoredRecord): string {
  const keyset: Keyset = { createdAt: record.createdAt, id: record.id };
  return Buffer.from(JSON.stringify(keyset), 'utf8').toString('base64url');
}

/** The keyset in a cursor, or undefined when the text is not one this server issued. */
export function decodeCursor(text: string): Keyset | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { createdAt, id } = value as Record<string, unknown>;
    if (typeof createdAt !== 'string' || typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** Convention 4.2 rule 3: createdAt, then the unique id, so no two records compare equal. */
export function compareKeysets(a: Keyset, b: Keyset): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id - b.id;
}
