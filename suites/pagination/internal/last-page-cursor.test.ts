import { describe, expect, it } from 'vitest';
import { judgeLastPageCursor, type LastPageCursorForm } from './last-page-cursor.js';
import type { CursorField } from './list-page.js';

const absent: CursorField = { present: false };
const nulled: CursorField = { present: true, value: null };
const empty: CursorField = { present: true, value: '' };
const cursor: CursorField = { present: true, value: 'abc' };

describe('judgeLastPageCursor', () => {
  it.each<[LastPageCursorForm, CursorField[], CursorField[]]>([
    ['any', [absent, nulled, empty, cursor], []],
    ['null', [nulled], [absent, empty, cursor]],
    ['absent', [absent], [nulled, empty, cursor]],
    ['empty', [empty], [absent, nulled, cursor]],
  ])('with "%s" accepts exactly its own form', (form, accepted, refused) => {
    for (const field of accepted) expect(judgeLastPageCursor(field, form)).toBeUndefined();
    for (const field of refused)
      expect(judgeLastPageCursor(field, form)).toContain(`pagination.lastPageCursor is "${form}"`);
  });
});
