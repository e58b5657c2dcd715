// Cursors are opaque to clients but are plain base64url JSON of the last item's sort key: keyset
// pagination, so a cursor stays meaningful after its anchor record is deleted.
import type { SortKey } from './sort-key.js';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const idChars = /^[A-Za-z0-9_~-]{1,100}$/;
const base64UrlChars = /^[A-Za-z0-9_-]{1,1024}$/;
const maxOffset = Number.MAX_SAFE_INTEGER;

/** Encodes a sort key as a cursor. */
export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id]), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor minted for a list whose ids start with `idPrefix`; undefined for anything else
 * (garbage, non-canonical base64, another collection's cursor), which the caller answers with 400.
 */
export function decodeCursor(cursor: string, idPrefix: string): SortKey | undefined {
  const parsed = parseCanonicalJson(cursor);
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || !isoMillis.test(createdAt)) return undefined;
  if (Number.isNaN(Date.parse(createdAt)) || new Date(createdAt).toISOString() !== createdAt) return undefined;
  if (typeof id !== 'string' || !idChars.test(id) || !id.startsWith(idPrefix)) return undefined;
  const key = { createdAt, id };
  // Same JSON with other spacing would decode too; one key has exactly one cursor.
  return encodeCursor(key) === cursor ? key : undefined;
}

/** Encodes a plain offset as a cursor; only the `cursor-encodes-offset` defect uses it. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

/** Decodes a cursor made by encodeOffsetCursor; undefined for anything else. */
export function decodeOffsetCursor(cursor: string): number | undefined {
  const parsed = parseCanonicalJson(cursor);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const offset = (parsed as { offset?: unknown }).offset;
  return Number.isSafeInteger(offset) && (offset as number) >= 0 && (offset as number) <= maxOffset
    ? (offset as number)
    : undefined;
}

// Base64 decoding is lenient (it drops stray characters), so only a cursor that re-encodes to
// exactly the same text is accepted: one key, one cursor.
function parseCanonicalJson(cursor: string): unknown {
  if (!base64UrlChars.test(cursor)) return undefined;
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
