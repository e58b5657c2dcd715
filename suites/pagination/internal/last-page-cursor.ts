// The form of next_cursor on a page that says has_more false. Convention 4.2/8 leaves it open
// ("not shown"); pagination.lastPageCursor pins one form, "any" (the default) accepts every form. Pure.
import type { ApicertConfig } from '../../../harness/check-api/check-context.js';
import { describeCursorField, type CursorField } from './list-page.js';

export type LastPageCursorForm = ApicertConfig['pagination']['lastPageCursor'];

/** Undefined when the form is allowed, else what is wrong, for a message. */
export function judgeLastPageCursor(field: CursorField, form: LastPageCursorForm): string | undefined {
  const isAllowed =
    form === 'any' ||
    (form === 'null' && field.present && field.value === null) ||
    (form === 'absent' && !field.present) ||
    (form === 'empty' && field.present && field.value === '');
  if (isAllowed) return undefined;
  return `next_cursor on the last page is ${describeCursorField(field)}, but pagination.lastPageCursor is "${form}"`;
}
