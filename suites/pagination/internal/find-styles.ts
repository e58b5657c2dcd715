// Which of the convention's paging styles a list offers, found rather than assumed: 4.2 names three
// styles and 4.2/7 wants the same names on every list, but nothing says every list offers every
// style. A style is offered when a parameter of its own changes the answer: `offset` (next to a
// limit), `page` or `per_page`, `after` (given the list's own next_cursor). `limit` alone proves
// nothing, since the cursor style sizes its pages with it too. A style whose parameters are only
// partly honoured is offered, and broken: the checks of that style judge it. Each probe is compared
// with the plain page read just before and just after it, so a list others write to meanwhile is
// read again rather than taken for one that honours a parameter; found once per list and suite.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import type { PaginationStyle } from './list-targets.js';
import type { OpenList } from './open-list.js';
import { readListPage, usableCursor, type ListPage } from './list-page.js';
import type { PageQuery } from './walk-decision.js';

export type StylesFound =
  /** Probed: `offered` may be empty (a list that ignores every paging parameter). */
  | { readonly found: true; readonly offered: readonly PaginationStyle[]; readonly why: string }
  /** Not probed to an answer (too few records, pages that are not pages, a list that never held still). */
  | { readonly found: false; readonly why: string };

const key = (label: string): string => `styles offered by ${label}`;
const attempts = 3;

/**
 * The styles `list` offers, found on first use in this suite and kept for its other checks. What
 * could not be found is asked again by the next check (it may find the list holding more records).
 */
export async function findOfferedStyles(ctx: CheckContext, list: OpenList): Promise<StylesFound> {
  const known = ctx.suiteScope.get<StylesFound>(key(list.target.label));
  if (known !== undefined) return known;
  const found = await probeStyles(ctx, list);
  if (found.found) ctx.suiteScope.set(key(list.target.label), found);
  return found;
}

/** The styles found offered by the list configured as `label`, when a check of this suite found them. */
export function offeredStylesFound(ctx: Pick<CheckContext, 'suiteScope'>, label: string): StylesFound | undefined {
  return ctx.suiteScope.get<StylesFound>(key(label));
}

async function probeStyles(ctx: CheckContext, list: OpenList): Promise<StylesFound> {
  // Not against the list's request budget: what the checks judge is theirs, this is the kit's setup.
  const read = async (query: PageQuery, note: string): Promise<Probe> => {
    const response = await ctx.request({
      path: list.path,
      query,
      note: `which styles ${list.target.label} offers: ${note}`,
    });
    return { page: readListPage(response, list.idField) };
  };
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const [before, first] = await Promise.all([read({}, 'the default page'), read({ limit: 1 }, 'a first item')]);
    if (!before.page.ok) return { found: false, why: before.page.reason };
    if (before.page.ids.length < 2) {
      return {
        found: false,
        why: `${list.target.label} held fewer than 2 records, so no parameter could change a page`,
      };
    }
    // The cursor of the default page, or of a one-item page when the default page is the whole list.
    const cursorOf = (probe: Probe) => (probe.page.ok ? usableCursor(probe.page.nextCursor) : undefined);
    const cursorFrom: { readonly base: Probe; readonly query: PageQuery } =
      cursorOf(before) !== undefined ? { base: before, query: {} } : { base: first, query: { limit: 1 } };
    const cursor = cursorOf(cursorFrom.base);
    const [offset, page, perPage, after] = await Promise.all([
      read({ offset: 1 }, 'offset'),
      read({ page: 2 }, 'page'),
      read({ per_page: 1 }, 'per_page'),
      cursor === undefined ? undefined : read({ ...cursorFrom.query, after: cursor }, 'after'),
    ]);
    const again = await read({}, 'the default page again');
    // Written to meanwhile: nothing can be told from a change; read again.
    if (!sameIds(before, again)) continue;
    const offered: PaginationStyle[] = [];
    const heard: string[] = [];
    const ignored: string[] = [];
    const judge = (style: PaginationStyle, honoured: boolean, what: string): void => {
      (honoured ? heard : ignored).push(what);
      if (honoured && !offered.includes(style)) offered.push(style);
    };
    judge('offset', changed(offset, before), 'offset=1');
    judge('page', changed(page, before), 'page=2');
    judge('page', changed(perPage, before), 'per_page=1');
    if (after !== undefined) judge('cursor', changed(after, cursorFrom.base), 'after=<next_cursor>');
    else ignored.push('limit=1 (with no next_cursor, so no after to try)');
    const order: readonly PaginationStyle[] = ['offset', 'page', 'cursor'];
    return {
      found: true,
      offered: order.filter((style) => offered.includes(style)),
      why:
        `${heard.length > 0 ? `${heard.join(', ')} changed the answer` : 'no paging parameter changed the answer'}` +
        `${ignored.length > 0 ? `; ${ignored.join(', ')} left it as it was` : ''}`,
    };
  }
  return { found: false, why: `${list.target.label} changed under every read (others write to it)` };
}

interface Probe {
  readonly page: ListPage;
}

function sameIds(a: Probe, b: Probe): boolean {
  return a.page.ok && b.page.ok && a.page.ids.join('\n') === b.page.ids.join('\n');
}

// A list that refuses a style's parameter (a 4xx for an unknown one) does not offer that style.
function changed(probe: Probe, base: Probe): boolean {
  return probe.page.ok && !sameIds(probe, base);
}
