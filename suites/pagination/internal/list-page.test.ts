import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCursorField, readListPage, usableCursor } from './list-page.js';

describe('readListPage', () => {
  it('reads ids, has_more and next_cursor', () => {
    expect(
      readListPage({ status: 200, json: { items: [{ id: 'a' }, { id: 7 }], next_cursor: 'c', has_more: true } }, 'id'),
    ).toEqual({
      ok: true,
      ids: ['a', '7'],
      hasMore: true,
      nextCursor: { present: true, value: 'c' },
    });
  });

  it('tells an absent next_cursor from a null one', () => {
    const absent = readListPage({ status: 200, json: { items: [], has_more: false } }, 'id');
    const nulled = readListPage({ status: 200, json: { items: [], has_more: false, next_cursor: null } }, 'id');
    expect(absent.ok && absent.nextCursor).toEqual({ present: false });
    expect(nulled.ok && nulled.nextCursor).toEqual({ present: true, value: null });
  });

  it.each([
    [{ status: 500, json: { items: [], has_more: false } }, 'answered 500', false],
    [{ status: 200, json: [] }, 'a bare JSON array, not a page', true],
    [{ status: 200, json: 'items' }, 'not a JSON object', true],
    [{ status: 200, json: { has_more: false } }, '"items" is not an array', true],
    [{ status: 200, json: { items: [], has_more: 'no' } }, '"has_more" is not a boolean', true],
    [{ status: 200, json: { items: [{ name: 'x' }], has_more: false } }, 'item 0 has no "id"', false],
  ])('refuses %j (no page envelope at all: %s)', (answer, reason, notAPage) => {
    const page = readListPage(answer, 'id');
    expect(page).toEqual({ ok: false, reason: expect.stringContaining(reason), notAPage });
  });

  it('never throws on any JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.jsonValue(), (status, json) => {
        expect(() => readListPage({ status, json }, 'id')).not.toThrow();
      }),
    );
  });
});

describe('cursor fields', () => {
  it('uses only a non-empty string as a cursor', () => {
    expect(usableCursor({ present: true, value: 'abc' })).toBe('abc');
    expect(usableCursor({ present: true, value: '' })).toBeUndefined();
    expect(usableCursor({ present: true, value: 3 })).toBeUndefined();
    expect(usableCursor({ present: false })).toBeUndefined();
  });

  it('describes the field for a message', () => {
    expect(describeCursorField({ present: false })).toBe('absent');
    expect(describeCursorField({ present: true, value: null })).toBe('null');
    expect(describeCursorField({ present: true, value: '' })).toBe('""');
  });
});
