// A list that answers no page envelope fails every pagination check, and resources too: the
// failure names that shared cause, so the reports say it once for every list it affects.
import type { FailureDetails } from '../../../harness/check-api/check-context.js';
import type { ListPage } from './list-page.js';

/** `{ cause }` for a page that is no page envelope at all, else nothing; spread into FailureDetails. */
export function notAPageCause(
  page: ListPage | { readonly notAPage: boolean },
  listLabel: string,
): Pick<FailureDetails, 'cause'> {
  return 'notAPage' in page && page.notAPage ? { cause: { key: 'list-not-a-page', subjects: [listLabel] } } : {};
}

/** The cause for a failure whose evidence holds a page that is no page envelope, if one does. */
export function notAPageCauseOf(
  pages: readonly { readonly page: ListPage }[],
  listLabel: string,
): Pick<FailureDetails, 'cause'> {
  const bad = pages.find(({ page }) => !page.ok && page.notAPage);
  return bad === undefined ? {} : notAPageCause(bad.page, listLabel);
}
