import { describeStatuses } from '../internal/status-tally.js';
import fc from 'fast-check';
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { isSameOrder, isWholeOrder, positionsOf, type KnownOrder } from './internal/known-order.js';
import { readListPage } from './internal/list-page.js';
import type { PaginationStyle } from './internal/list-targets.js';
import { notAPageCause } from './internal/not-a-page-cause.js';
import { kitIdsOfOtherParents, kitRecordsShownOn, type OpenList } from './internal/open-list.js';
import { foundBoundsKey, knownMaxPageSize, type FoundBounds } from './internal/page-size-probe.js';
import { takeOrder, type TakenOrder } from './internal/take-order.js';
import { quietWalkChart } from './internal/walk-chart.js';
import {
  describeQuery,
  exploredQueryArbitrary,
  labelsOf,
  markLabels,
  toQueryString,
  type ExploredQuery,
  type ListFacts,
} from './internal/query-space.js';
import { RequestBudgetSpent } from './internal/request-budget.js';
import { judgeAnswer, meaningOf, type OracleContext, type QueryMeaning } from './internal/window-oracle.js';
import { firstVerdictInOrder, mapInParallel, settle } from '../internal/map-in-parallel.js';

// Convention 4.2 (its parameter table, rules 3, 4 and 5), 2/3, 7/1, 7/4 and 8. The other checks
// send hand-picked values; this one lets fast-check explore each list's query space in every style,
// biased toward the boundaries where services break, and judges every answer against the slice of
// the list's one order the query asks for, taken from one complete walk, or on a list longer than a
// walk from its measured length, its head and its tail (take-order.ts): pages between are judged on
// their length, has_more and the kit's records read elsewhere.
export const exploredQueries = defineCheck({
  id: 'pagination.explored-queries',
  suite: 'pagination',
  conformanceClass: 'pagination-bounds',
  rule: '4.2, 4.2/3, 4.2/4, 4.2/5, 2/3, 7/1, 7/4, 8',
  level: 'normative',
  leavesOpen:
    'A malformed value (7/4: not shown) gets what pagination.invalidParams allows, or the page of a reading common parsers give it ("05" as 5, a repeated parameter as its first or last value); a size above the maximum is clamped or refused (pagination.overMaxPolicy); an offset or page past the end is an empty page with has_more false or, as 7/3 leaves statuses open, a 4xx.',
  title: 'Explored pagination queries, boundaries and malformed values included, answer the right slice of the list',
  proves:
    'On every list and style, 30 fast-check queries per style (sizes 0, 1, 2, default, walk size, maximum and either side, huge; offsets and pages at the start, at and past the end; empty, signed, spaced, exponent, zero-padded and repeated values) never get a 5xx, and each page holds the items of the list’s order the query names, no more than asked or than the maximum, with an accurate has_more; a nested list shows none of the kit’s records of other parents.',
  covers:
    'the limit/offset, page/per_page and after/limit queries of every list, top-level and nested, in each style it supports',
  probes: [
    'a 5xx for an offset or page at or past the end',
    'items past the end instead of an empty page (a page number clamped to the last page)',
    'a window that is not the matching slice of the list order (off by one, page numbered from 0)',
    'has_more wrong at the boundaries (size 1, exactly full last page, size at the maximum)',
    'more items than asked, or than the maximum page size',
    'a 5xx or an unbounded page for a malformed value (empty, +5, " 5", 5e0, 05, a repeated parameter)',
    'a nested list showing children of another parent',
  ],
  provenBy: ['500-past-the-end', 'page-past-end-repeats-last-page', 'cursor-keeps-first-limit'],
  async run(ctx) {
    return judgeEachList(
      ctx,
      ['cursor', 'offset', 'page'],
      (list, styles) => judgeList(ctx, list, styles),
      'reads-only',
    );
  },
});

// The budget, per list and style: 30 queries find a slip that a third of the space shows (an offset
// past the end) with odds of about 1 in 100,000 against; boundaries are drawn four times as often as
// the rest of a range, so each of the ~6 marks of a parameter appears about 4 times. A failure costs
// at most 20 more requests while shrinking, and one walk to take the order again (others may write).
const runsPerStyle = 30;
const shrinkRequests = 20;
// Readings of a failure between two reads of the order before it is called others' doing.
const confirmAttempts = 3;

const styleNames: Readonly<Record<PaginationStyle, string>> = {
  offset: 'limit/offset',
  page: 'page/per_page',
  cursor: 'after/limit',
};

async function judgeList(ctx: CheckContext, list: OpenList, styles: readonly PaginationStyle[]): Promise<CheckOutcome> {
  // The cursor walk also yields cursors to explore; an offset or page walk gives the same order.
  const walkStyle: PaginationStyle = styles.includes('cursor') ? 'cursor' : styles[0]!;
  const taken = await takeOrder(ctx, list, walkStyle, orderWalkPageSize(ctx, list));
  if ('outcome' in taken) return taken.outcome;
  ctx.chart(quietWalkChart(list, walkStyle, taken.walk));
  ctx.cover(`GET ${list.target.label}: the list's order, ${taken.how}`);
  if (!isWholeOrder(taken.order) && positionsOf(taken.order, list.ownIds).size === 0)
    ctx.info(
      `${list.path}: none of the kit's records was at the head or the tail read; pages between are judged on their length, has_more and the records read elsewhere`,
    );

  const foreign = kitIdsOfOtherParents(ctx, list);
  if (list.target.related !== undefined) {
    if (foreign.size > 0)
      ctx.cover(`GET ${list.target.label}: shows none of ${foreign.size} record(s) the kit made for other parents`);
    else
      ctx.leaveOut(
        `GET ${list.target.label}: children of other parents`,
        'the kit has made no record of another parent yet (run the whole suite to judge it)',
      );
  }
  // The styles side by side: each only reads, and the first failing style in order is the verdict.
  const outcome = await firstVerdictInOrder(styles, styles.length, (style) =>
    exploreStyle(ctx, list, style, walkStyle, taken, foreign),
  );
  return outcome ?? ctx.pass();
}

// About six pages, so a long list costs a few requests and still yields cursors at several depths;
// never above a size the list is known to serve whole (the maximum found or pinned, else the walk size).
function orderWalkPageSize(ctx: CheckContext, list: OpenList): number {
  const { walkPageSize } = ctx.config.pagination;
  const known = knownMaxPageSize(ctx, list.target.label);
  return known !== undefined
    ? Math.max(walkPageSize, Math.min(known, Math.ceil(kitRecordsShownOn(ctx, list) / 6)))
    : walkPageSize;
}

interface Failure {
  readonly query: ExploredQuery;
  readonly problem: string;
  readonly url: string;
  readonly exchanges: readonly ExchangeRecord[];
  readonly notAPage: boolean;
}

/** Explores one style of a list; undefined when every explored query was answered right. */
async function exploreStyle(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  walkStyle: PaginationStyle,
  taken: TakenOrder,
  foreign: ReadonlySet<string>,
): Promise<CheckOutcome | undefined> {
  const { pagination } = ctx.config;
  const facts = factsOf(ctx, list, style, taken);
  let context: OracleContext = {
    order: taken.order,
    own: list.ownIds,
    foreign,
    maxPageSize: facts.maxPageSize,
    pagination,
  };
  const name = `${list.path} ${styleNames[style]}`;
  // Coverage names the list as configured: a nested list's path holds a parent id new each run.
  const item = `GET ${list.target.label} ${styleNames[style]}`;
  const drawn = new Set<string>();
  const usedBefore = list.budget.used;
  let runs = 0;
  // The statuses the runs' queries were answered with, by what the query meant: a pass on windows
  // alone must not read as one that saw how malformed values are answered too.
  const statuses = { window: [] as number[], invalid: [] as number[], 'read either way': [] as number[] };
  let spentShrinking = 0;
  let isOrderRetaken = false;
  let failure: Failure | undefined;
  let budgetSpent: string | undefined;
  // fast-check would take a throw for a failing case; a harness error (time-out, lost connection)
  // must end the check as errored instead, so it is kept aside and thrown again afterwards.
  let harnessError: { readonly error: unknown } | undefined;

  const fetch = async (query: ExploredQuery) => {
    const response = await list.budget.send(ctx, {
      path: `${list.path}?${toQueryString(query)}`,
      note: `explored query: ${describeQuery(query)}`,
    });
    // Only the record and what the page said: the body, held for every query drawn ahead, could be megabytes each.
    return {
      response: { record: response.record },
      answer: { status: response.status, page: readListPage(response, list.idField) },
    };
  };
  // Judged when the property reads it, against the order as it then stands (it may be taken again).
  const judged = ({ response, answer }: Awaited<ReturnType<typeof fetch>>, query: ExploredQuery) => ({
    response,
    answer,
    problem: judgeAnswer(answer, meaningOf(query, facts), context),
  });
  const ask = async (query: ExploredQuery) => judged(await fetch(query), query);
  // Takes `later` as the order; true, and judged under others' writes from now on, when it differs
  // from `earlier`: pages are then judged only where four times the change does not reach.
  const noteOrder = (earlier: KnownOrder, later: KnownOrder): boolean => {
    const isWritten = !isSameOrder(earlier, later);
    if (!isWritten || context.writeSlack !== undefined) {
      context = { ...context, order: later };
      return isWritten;
    }
    const writeSlack = 4 * Math.max(Math.abs(later.length - earlier.length), pagination.walkPageSize);
    context = { ...context, order: later, writeSlack };
    ctx.info(
      `${name}: the list changed between two reads of its order (others write to it): its pages are judged on a 5xx, their size, the order of the kit's records they list, and, further than ${writeSlack} records from the end, whether they are full, empty and say has_more as they should`,
    );
    ctx.leaveOut(
      `${item}: pages compared item by item, and near the list's end`,
      'others wrote to the list while it was read, which moves its records and its end',
    );
    return true;
  };

  // A seed of its own per list and style, derived from the check's: the lists draw different queries,
  // and the same --seed draws the same ones again.
  const seed = seedOf(ctx.seed, `${list.target.label} ${style}`);
  const arbitrary = exploredQueryArbitrary(style, facts);
  // fast-check draws the same queries for a seed whether it samples or checks, and nothing writes to
  // the list meanwhile: the runs' queries are asked side by side up front, and the property below
  // reads each answer in its turn, so the verdict is the one asking in turn would give. A failing
  // list costs the rest of the runs' requests; shrinking asks one query at a time.
  // A query drawn twice is asked once: nothing writes meanwhile, so a second asking shows nothing new.
  const drawnAhead = fc.sample(arbitrary, { seed, numRuns: runsPerStyle });
  const distinct = [...new Map(drawnAhead.map((query) => [JSON.stringify(query), query])).values()];
  const answered = await mapInParallel(distinct, ctx.config.target.concurrency, (query) => settle(() => fetch(query)));
  const answerOf = new Map(distinct.map((query, index) => [JSON.stringify(query), answered[index]!]));
  const ahead = drawnAhead.map((query) => ({ query, ...answerOf.get(JSON.stringify(query))! }));
  const answerAhead = async (query: ExploredQuery, run: number) => {
    const early = ahead[run];
    if (early === undefined || JSON.stringify(early.query) !== JSON.stringify(query)) return ask(query);
    if ('thrown' in early) throw early.thrown;
    return judged(early.value, query);
  };

  const property = fc.asyncProperty(arbitrary, async (query) => {
    // Once a budget is spent every run passes, so shrinking ends at the smallest failure found.
    if (harnessError !== undefined || budgetSpent !== undefined) return true;
    if (failure !== undefined && ++spentShrinking > shrinkRequests) return true;
    if (failure === undefined) {
      runs += 1;
      for (const label of labelsOf(query)) drawn.add(label);
    }
    ctx.progress(`${name}: ${failure === undefined ? `query ${runs}` : `shrinking ${spentShrinking}`}`);
    try {
      let asked = failure === undefined ? await answerAhead(query, runs - 1) : await ask(query);
      if (failure === undefined) statuses[kindOf(meaningOf(query, facts))].push(asked.answer.status);
      const exchanges = [asked.response.record];
      if (asked.problem !== undefined && !isOrderRetaken) {
        // Others may have written since the order was taken: take it again, once, and ask again,
        // and, when still wrong, take it once more: reads of the order that differ around a
        // question say others write to the list, and from then on pages are judged on what no
        // other writer explains (OracleContext.writeSlack).
        isOrderRetaken = true;
        const again = await takeOrder(ctx, list, walkStyle, orderWalkPageSize(ctx, list));
        if ('order' in again) noteOrder(context.order, again.order);
        asked = await ask(query);
        exchanges.push(asked.response.record);
        if (asked.problem !== undefined && context.writeSlack === undefined && 'order' in again) {
          const after = await takeOrder(ctx, list, walkStyle, orderWalkPageSize(ctx, list));
          if ('order' in after && noteOrder(again.order, after.order))
            asked = judged({ response: asked.response, answer: asked.answer }, query);
        }
      }
      if (asked.problem === undefined) return true;
      failure = {
        query,
        problem: asked.problem,
        url: asked.response.record.request.url,
        exchanges,
        notAPage: !asked.answer.page.ok && asked.answer.page.notAPage,
      };
      return false;
    } catch (error) {
      if (error instanceof RequestBudgetSpent) budgetSpent = error.message;
      else harnessError = { error };
      return true;
    }
  });
  // The smallest failure found, asked again between two reads of the list's order: judged under
  // others' writes, it stands; judged strictly, it stands only when the two reads agree (nobody
  // wrote meanwhile) and the answer is still wrong, a few times over. One that does not come back
  // was others' doing; one never read quietly is left out, as others write to the list throughout.
  const confirmFailure = async (found: Failure): Promise<Failure | undefined> => {
    if (context.writeSlack !== undefined) return found;
    for (let attempt = 0; attempt < confirmAttempts; attempt += 1) {
      const before = await takeOrder(ctx, list, walkStyle, orderWalkPageSize(ctx, list));
      if (!('order' in before)) return found;
      context = { ...context, order: before.order };
      const asked = await ask(found.query);
      const after = await takeOrder(ctx, list, walkStyle, orderWalkPageSize(ctx, list));
      if (asked.problem === undefined) {
        ctx.info(
          `${name}: ${describeQuery(found.query)} was wrong once (${found.problem}), and right when asked again: others wrote to the list meanwhile`,
        );
        return undefined;
      }
      if ('order' in after && isSameOrder(before.order, after.order))
        return {
          ...found,
          problem: asked.problem,
          url: asked.response.record.request.url,
          exchanges: [...found.exchanges, asked.response.record],
        };
    }
    ctx.leaveOut(
      `${item}: ${describeQuery(found.query)}`,
      `it was wrong (${found.problem}), but the list changed around every reading of it: others write to it throughout`,
    );
    return undefined;
  };
  const details = await fc.check(property, { seed, numRuns: runsPerStyle });
  if (harnessError !== undefined) throw harnessError.error;

  const requests = list.budget.used - usedBefore;
  ctx.info(`${name}: ${runs} explored queries, ${requests} requests (${runsPerStyle} runs a style, seed ${seed})`);
  if (details.failed && failure !== undefined) {
    const confirmed = await confirmFailure(failure);
    if (confirmed !== undefined) return failExplored(ctx, list, style, confirmed, details, facts);
  }
  if (budgetSpent !== undefined) return ctx.incomplete(`${name}: ${budgetSpent} after ${runs} explored queries`);
  const answeredAs = Object.entries(statuses)
    .filter(([, seen]) => seen.length > 0)
    .map(([kind, seen]) => `${labelOfKind[kind as keyof typeof statuses]} answered ${describeStatuses(seen)}`);
  ctx.cover(`${item}: ${runs} explored queries; ${answeredAs.join('; ')}`);
  const missed = markLabels(style, facts).filter((label) => !drawn.has(label));
  if (missed.length > 0)
    ctx.leaveOut(
      `${item}: ${missed.join(', ')}`,
      `not drawn in ${runs} runs with seed ${seed}; another --seed draws others`,
    );
  if (facts.maxPageSize === undefined) {
    ctx.leaveOut(
      `${item}: sizes max-1, max and max+1`,
      'the maximum page size is not known: pin pagination.maxPageSize, or run pagination.page-size-bounds in the same run',
    );
  }
  return undefined;
}

/** What the kit knows of the list for `style`: the order's size, the cursors, and the bounds found or pinned. */
function factsOf(ctx: CheckContext, list: OpenList, style: PaginationStyle, taken: TakenOrder): ListFacts {
  const { pagination } = ctx.config;
  const found = ctx.suiteScope.get<FoundBounds>(foundBoundsKey(list.target.label));
  const sizeName = style === 'page' ? 'per_page' : 'limit';
  return {
    total: taken.order.length,
    walkPageSize: pagination.walkPageSize,
    defaultPageSize: pagination.defaultPageSize ?? found?.defaultSize,
    maxPageSize: pagination.maxPageSize ?? found?.maxima[sizeName],
    cursors: style === 'cursor' ? taken.cursors : [],
  };
}

function failExplored(
  ctx: CheckContext,
  list: OpenList,
  style: PaginationStyle,
  failure: Failure,
  details: fc.RunDetails<[ExploredQuery]>,
  facts: ListFacts,
): CheckOutcome {
  const query = describeQuery(failure.query);
  return ctx.fail(
    `${list.path} ${styleNames[style]}: ${failure.url} ${failure.problem} (query ${query}; found after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s), seed ${details.seed})`,
    {
      expected:
        'never a 5xx; the items of the list order the query names, no more than asked or than the maximum, with an accurate has_more; past the end an empty page with has_more false or a 4xx',
      actual: failure.problem,
      exchanges: failure.exchanges,
      counterexample: {
        list: list.path,
        style: styleNames[style],
        query: toQueryString(failure.query),
        params: failure.query.params.map((p) => `${p.name}: ${p.label}`),
        listSize: facts.total,
        problem: failure.problem,
      },
      replayPath: details.counterexamplePath ?? undefined,
      ...(failure.notAPage ? notAPageCause({ notAPage: true }, list.target.label) : {}),
    },
  );
}

/** A 31-bit seed from the check's seed and a name (FNV-1a): stable across runs, distinct per name. */
function seedOf(checkSeed: number, name: string): number {
  let hash = 0x811c9dc5 ^ checkSeed;
  for (let index = 0; index < name.length; index += 1) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

const labelOfKind = {
  window: 'those asking for a window of the list',
  invalid: 'those with a malformed value',
  'read either way': 'those parsers read either way ("05", a repeated parameter)',
} as const;

// A query is a window when every reading of it is one, malformed when none is, and else read either way.
function kindOf(meaning: QueryMeaning): keyof typeof labelOfKind {
  const windows = meaning.readings.filter((reading) => reading.kind === 'window').length;
  if (windows === meaning.readings.length) return 'window';
  return windows === 0 ? 'invalid' : 'read either way';
}
