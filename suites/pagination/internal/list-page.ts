// Reads one list response (convention section 2: items, next_cursor, has_more). Pure.
import { excerpt } from '../../../harness/model/detached-text.js';
import { asRecord } from '../../internal/answer-shape.js';
import { maxCursorChars } from '../../internal/list-bounds.js';

/** next_cursor as sent: left out, or present with whatever value the target gave. */
export type CursorField =
  | { readonly present: false }
  | {
      readonly present: true;
      readonly value: unknown;
      /** For a cursor longer than the kit follows: its length (`value` then holds only its start). */
      readonly tooLongChars?: number;
    };

export type ListPage =
  | {
      readonly ok: true;
      /** Identifiers of the items, as strings, in page order. */
      readonly ids: readonly string[];
      readonly hasMore: boolean;
      readonly nextCursor: CursorField;
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** A 200 whose body is no page envelope {items, has_more} at all: one cause for every check. */
      readonly notAPage: boolean;
    };

/** What a list page looks like to the walker: its status and parsed JSON. */
export interface ListAnswer {
  readonly status: number;
  readonly json: unknown;
}

/** Parses a list answer; anything but 200 with {items: [{<idField>}...], has_more: boolean} is not a page. */
export function readListPage(answer: ListAnswer, idField: string): ListPage {
  if (answer.status !== 200)
    return { ok: false, reason: `answered ${answer.status}, expected 200 with a list response`, notAPage: false };
  const body = answer.json;
  const record = asRecord(body);
  // A bare array is the common slip: say so, rather than "not an object".
  if (Array.isArray(body)) return notAPage('the body is a bare JSON array, not a page {items, next_cursor, has_more}');
  if (record === undefined) return notAPage('the body is not a JSON object');
  const { items, has_more: hasMore } = record;
  if (!Array.isArray(items)) return notAPage('"items" is not an array');
  if (typeof hasMore !== 'boolean') return notAPage('"has_more" is not a boolean');
  const ids: string[] = [];
  for (const [index, item] of items.entries()) {
    const id = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[idField] : undefined;
    if (typeof id !== 'string' && typeof id !== 'number')
      return { ok: false, reason: `item ${index} has no "${idField}"`, notAPage: false };
    ids.push(String(id));
  }
  const cursor = record.next_cursor;
  // A cursor the kit will not follow is not kept whole: 200 pages of 1 MB cursors would be 200 MB.
  const nextCursor: CursorField = !Object.hasOwn(record, 'next_cursor')
    ? { present: false }
    : typeof cursor === 'string' && cursor.length > maxCursorChars
      ? { present: true, value: `${excerpt(cursor, 40)}…`, tooLongChars: cursor.length }
      : { present: true, value: cursor };
  return { ok: true, ids, hasMore, nextCursor };
}

function notAPage(reason: string): ListPage {
  return { ok: false, reason, notAPage: true };
}

/** The next_cursor to send as `after`, when it is one (a non-empty string the kit follows). */
export function usableCursor(field: CursorField): string | undefined {
  if (!field.present || field.tooLongChars !== undefined) return undefined;
  return typeof field.value === 'string' && field.value !== '' ? field.value : undefined;
}

/** next_cursor as a reader sees it in a message: absent, null, "" or the value. */
export function describeCursorField(field: CursorField): string {
  if (!field.present) return 'absent';
  return JSON.stringify(field.value) ?? String(field.value);
}
