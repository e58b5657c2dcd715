import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { kitRecordsShownOn, type OpenList } from './internal/open-list.js';
import { firstDifference, listBriefly } from './internal/page-rules.js';
import { fetchPage, type FetchedPage } from './internal/page-walker.js';
import { readPagesChart } from './internal/walk-chart.js';
import { notAPageCauseOf } from './internal/not-a-page-cause.js';

// Convention 4.2 (page): page numbers are 1-based, "page 3 with per_page 20 equals offset 40 with
// limit 20"; and both size parameters are honoured, not ignored.
export const pageMatchesOffset = defineCheck({
  id: 'pagination.page.matches-offset',
  suite: 'pagination',
  conformanceClass: 'pagination-page',
  rule: '4.2 (page, per_page, limit, offset)',
  level: 'normative',
  title: 'page=p&per_page=n lists the same items as offset=(p-1)*n&limit=n',
  proves:
    'For every page p of each list, from p=1 to the end, the page-number and offset styles list the same items in the same order, and neither holds more than n items.',
  covers:
    'page p with per_page n against offset (p-1)*n with limit n, from page 1 to the end of every list supporting both',
  probes: ['page numbers counted from 0', 'per_page or limit ignored', 'page p starting one item off (p-1)*n'],
  provenBy: ['zero-based-pages', 'per-page-ignored', 'limit-ignored', 'offset-page-mismatch'],
  async run(ctx) {
    return judgeEachList(
      ctx,
      ['page', 'offset'],
      async (list, styles) => {
        if (styles.length < 2)
          return ctx.skip(`${list.path} does not support both page and offset styles (pagination.styles)`);
        const pageSize = ctx.config.pagination.walkPageSize;
        // One page past the kit's records at most: enough to cover the first, middle and last pages
        // (on /orders, the records of /customers/{id}/orders count too).
        const lastPage = Math.ceil(kitRecordsShownOn(ctx, list) / pageSize) + 1;
        // The pages as compared, both ways, drawn whatever the verdict.
        const byPage: FetchedPage[] = [];
        const byOffset: FetchedPage[] = [];
        let outcome: CheckOutcome | undefined;
        for (let page = 1; page <= Math.min(lastPage, ctx.config.budgets.maxPagesPerWalk); page += 1) {
          const compared = await comparePage(ctx, list, page, pageSize);
          byPage.push(compared.byPage);
          byOffset.push(compared.byOffset);
          if (compared.outcome === 'end') break;
          outcome = compared.outcome;
          if (outcome !== undefined) break;
        }
        for (const [style, pages] of [
          ['page', byPage],
          ['offset', byOffset],
        ] as const)
          ctx.chart(readPagesChart(list.path, style, pages));
        return outcome ?? ctx.pass();
      },
      'reads-only',
    );
  },
});

// Pairs read again when the first differs: others inserting ahead of the page rarely race three.
const rereads = 3;

/** One page compared both ways, with the pair as last read (the page grid shows it). */
async function comparePage(
  ctx: CheckContext,
  list: OpenList,
  page: number,
  size: number,
): Promise<{
  readonly outcome: CheckOutcome | 'end' | undefined;
  readonly byPage: FetchedPage;
  readonly byOffset: FetchedPage;
}> {
  const read = () =>
    Promise.all([
      fetchPage(ctx, list, { page, per_page: size }, `page ${page} by page number`),
      fetchPage(ctx, list, { offset: (page - 1) * size, limit: size }, `page ${page} by offset`),
    ]);
  let [byPage, byOffset] = await read();
  const ending = (outcome: CheckOutcome | 'end' | undefined) => ({ outcome, byPage, byOffset });
  for (const [fetched, param] of [
    [byPage, 'per_page'],
    [byOffset, 'limit'],
  ] as const) {
    if (!fetched.page.ok)
      return ending(
        failPair(
          ctx,
          list,
          `${fetched.url} ${fetched.page.reason}`,
          'a list page',
          fetched.page.reason,
          byPage,
          byOffset,
        ),
      );
    if (fetched.page.ids.length > size) {
      return ending(
        failPair(
          ctx,
          list,
          `${param}=${size} was not honoured: ${fetched.url} held ${fetched.page.ids.length} items`,
          `at most ${size} items`,
          `${fetched.page.ids.length} items`,
          byPage,
          byOffset,
        ),
      );
    }
  }
  // Records others write between the two reads shift offsets; only a difference that every pair
  // read again at once shows counts.
  for (let again = 0; again < rereads && firstDifference(idsOf(byPage), idsOf(byOffset)) >= 0; again += 1)
    [byPage, byOffset] = await read();
  if (firstDifference(idsOf(byPage), idsOf(byOffset)) >= 0) {
    return ending(
      failPair(
        ctx,
        list,
        `page=${page}&per_page=${size} lists [${listBriefly(idsOf(byPage))}] but offset=${(page - 1) * size}&limit=${size} lists [${listBriefly(idsOf(byOffset))}]`,
        'the same items in the same order (page numbers are 1-based)',
        `page: ${idsOf(byPage).join(', ') || '(none)'}; offset: ${idsOf(byOffset).join(', ') || '(none)'}`,
        byPage,
        byOffset,
      ),
    );
  }
  return ending(byOffset.page.ok && !byOffset.page.hasMore ? 'end' : undefined);
}

function idsOf(fetched: FetchedPage): readonly string[] {
  return fetched.page.ok ? fetched.page.ids : [];
}

function failPair(
  ctx: CheckContext,
  list: OpenList,
  what: string,
  expected: string,
  actual: string,
  byPage: FetchedPage,
  byOffset: FetchedPage,
): CheckOutcome {
  return ctx.fail(`${list.path}: ${what}`, {
    expected,
    actual,
    exchanges: [byPage.response.record, byOffset.response.record],
    ...notAPageCauseOf([byPage, byOffset], list.target.label),
  });
}
