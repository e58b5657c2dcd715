import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { sideBySideWithin } from './internal/request-budget.js';
import { readPagesChart } from './internal/walk-chart.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';
import { listTargets, type PaginationStyle } from './internal/list-targets.js';
import { offeredStylesFound } from './internal/find-styles.js';
import type { OpenList } from './internal/open-list.js';
import { fetchPage, type FetchedPage } from './internal/page-walker.js';
import { firstPageQuery, nextPageQuery, type PageQuery } from './internal/walk-decision.js';
import { notAPageCauseOf } from './internal/not-a-page-cause.js';

// Convention 4.2/7: parameter names are the same on every list operation, nested lists included.
// Each list must honour limit, offset, page, per_page and after, as the styles it supports use them.
export const sameParametersOnEveryList = defineCheck({
  id: 'pagination.same-parameters-on-every-list',
  suite: 'pagination',
  conformanceClass: 'pagination-consistency',
  rule: '4.2/7',
  level: 'normative',
  leavesOpen:
    'Which styles a list offers (not shown): found by default (a style is offered when a parameter of its own changes the answer), and then required alike on every list; pin them in collections[].pagination.styles.',
  title: 'Every list, nested ones included, honours the same pagination parameters',
  proves:
    'On each configured list, a size of 2 (limit or per_page) gives exactly 2 items with has_more true, and the next page (after, offset or page) continues with items not on the first.',
  covers: 'limit or per_page, and after, offset or page, on every list, top-level and nested',
  probes: [
    'a list (a nested one, say) that ignores limit or per_page',
    'a next page that repeats the first instead of continuing',
  ],
  provenBy: ['limit-ignored', 'nested-list-ignores-limit'],
  async run(ctx) {
    // Reads only: a list's styles side by side, the first verdict in style order.
    const outcome = await judgeEachList(
      ctx,
      ['cursor', 'offset', 'page'],
      async (list, styles) =>
        (await firstVerdictInOrder(styles, sideBySideWithin(list.budget, 2, styles.length), (style) =>
          judgeStyle(ctx, list, style),
        )) ?? ctx.pass(),
      'reads-only',
      { failsWithoutStyles: true },
    );
    if (outcome.status !== 'passed') return outcome;
    return sameStylesOnEveryList(ctx) ?? outcome;
  },
});

// 4.2/7: the same names on every list, so the styles found offered are the same on every list
// (pinned styles are the config's word and are not compared).
function sameStylesOnEveryList(ctx: CheckContext): CheckOutcome | undefined {
  const found = listTargets(ctx.config).flatMap((target) => {
    const styles = target.stylesPinned ? undefined : offeredStylesFound(ctx, target.label);
    return styles?.found === true ? [{ label: target.label, offered: styles.offered, why: styles.why }] : [];
  });
  const shown = (styles: readonly string[]) => (styles.length === 0 ? 'none' : styles.join(', '));
  const first = found[0];
  const odd = found.find((list) => shown(list.offered) !== shown(first?.offered ?? []));
  if (first === undefined || odd === undefined) return undefined;
  return ctx.fail(
    `the lists offer different paging styles: ${first.label} offers ${shown(first.offered)} (${first.why}), ${odd.label} offers ${shown(odd.offered)} (${odd.why})`,
    {
      expected: 'the same styles, under the same parameter names, on every list (4.2/7)',
      actual: found.map((list) => `${list.label}: ${shown(list.offered)}`).join('; '),
    },
  );
}

const size = 2;

async function judgeStyle(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
): Promise<CheckOutcome | undefined> {
  const sizeParam = style === 'page' ? 'per_page' : 'limit';
  const first = await fetchPage(ctx, list, firstPageQuery(style, size), `${sizeParam}=${size} on ${list.path}`);
  if (!first.page.ok)
    return fail(ctx, list, `${first.url}: ${first.page.reason}`, 'a list page', first.page.reason, [first]);
  if (first.page.ids.length !== size || !first.page.hasMore) {
    return fail(
      ctx,
      list,
      `${sizeParam}=${size} is not honoured: ${first.url} answered ${first.page.ids.length} items with has_more ${first.page.hasMore} while the list holds at least 3`,
      `${size} items and has_more true`,
      `${first.page.ids.length} items, has_more ${first.page.hasMore}`,
      [first],
    );
  }
  const nextParam = style === 'cursor' ? 'after' : style;
  const next = nextPageQuery(style, first.query, size, first.page.ok ? first.page.nextCursor : undefined);
  if (next === undefined)
    return fail(
      ctx,
      list,
      `${first.url} said has_more true without a next_cursor to pass as after`,
      'a next_cursor',
      'none',
      [first],
    );
  const second = await fetchPage(ctx, list, next, `${nextParam} on ${list.path}`);
  ctx.chart(readPagesChart(list.path, style, [first, second]));
  if (!second.page.ok)
    return fail(ctx, list, `${second.url}: ${second.page.reason}`, 'a list page', second.page.reason, [first, second]);
  if (!continues(first, second) && !(style !== 'cursor' && (await continuesOnceMore(ctx, list, first, next)))) {
    return fail(
      ctx,
      list,
      `${nextParam} is not honoured: ${second.url} does not continue after the first page`,
      'items that follow the first page',
      `[${second.page.ids.join(', ')}] after [${first.page.ids.join(', ')}]`,
      [first, second],
    );
  }
  return undefined;
}

function continues(first: FetchedPage, second: FetchedPage): boolean {
  if (!first.page.ok || !second.page.ok) return false;
  const firstIds = new Set(first.page.ids);
  return second.page.ids.length > 0 && !second.page.ids.some((id) => firstIds.has(id));
}

// Records others insert ahead of an offset between the two reads shift the second page onto the
// first (4.2/1 allows it): the pair is read twice more, back to back, and one that continues is enough.
async function continuesOnceMore(
  ctx: CheckContext,
  list: OpenList,
  first: FetchedPage,
  next: PageQuery,
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [again, after] = await Promise.all([
      fetchPage(ctx, list, first.query, 'read the first page again'),
      fetchPage(ctx, list, next, 'read the page after it again'),
    ]);
    if (continues(again, after)) {
      ctx.info(
        `${list.path}: ${after.url} first repeated the page before it, then continued it when read again (others wrote to the list meanwhile)`,
      );
      return true;
    }
  }
  return false;
}

function fail(
  ctx: CheckContext,
  list: OpenList,
  what: string,
  expected: string,
  actual: string,
  pages: readonly FetchedPage[],
): CheckOutcome {
  return ctx.fail(`${list.path}: ${what}`, {
    expected,
    actual,
    exchanges: pages.map((p) => p.response.record),
    ...notAPageCauseOf(pages, list.target.label),
  });
}
