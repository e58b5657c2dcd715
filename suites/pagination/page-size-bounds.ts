import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { mapInParallel } from '../internal/map-in-parallel.js';
import { sideBySideWithin } from './internal/request-budget.js';
import type { PaginationStyle } from './internal/list-targets.js';
import type { OpenList } from './internal/open-list.js';
import {
  foundBoundsKey,
  moreFixturesNeeded,
  nextBisection,
  observeBound,
  type BoundObservation,
} from './internal/page-size-probe.js';
import { fetchPage, type FetchedPage } from './internal/page-walker.js';
import type { PageQuery } from './internal/walk-decision.js';
import { notAPageCauseOf } from './internal/not-a-page-cause.js';

// Convention 4.2/4 and 8: a default and a maximum page size exist on every list, so a request for a
// huge limit cannot return an unbounded result. Above the maximum the answer is a clamp or a 4xx
// (pagination.overMaxPolicy); both bounds are discovered, or verified when the config states them.
export const pageSizeBounds = defineCheck({
  id: 'pagination.page-size-bounds',
  suite: 'pagination',
  conformanceClass: 'pagination-bounds',
  rule: '4.2/4, 8',
  level: 'normative',
  leavesOpen:
    'The numbers (8: not shown): found by probing, or pinned with pagination.defaultPageSize and maxPageSize. A size above the maximum (4.2/4): clamped or a 4xx; pin pagination.overMaxPolicy.',
  title: 'Every list has a default and a maximum page size; a huge size is clamped or refused',
  proves:
    'Without a size each list answers a bounded page with has_more true when more records exist; a limit or per_page of 1000000 is clamped to the maximum or refused with 4xx as pagination.overMaxPolicy allows; both bounds match the config when it states them.',
  covers: 'the default and the maximum page size of every list, for limit and per_page',
  probes: [
    'no default page size: a list without a size returns everything',
    'no maximum: a huge limit or per_page is honoured',
    'a nested list that ignores the size',
    'bounds or an over-max answer other than the config pins',
  ],
  provenBy: ['no-max-page-size', 'no-default-page-size', 'nested-list-ignores-limit'],
  async run(ctx) {
    return judgeEachList(
      ctx,
      ['cursor', 'offset', 'page'],
      (list, styles) => judgeBounds(ctx, list, styles),
      'grows-own-list',
    );
  },
});

// Far above any sensible maximum, yet a plain integer every server can parse.
const hugeSize = 1_000_000;

interface Probe {
  /** "default" (no size) or the size parameter. */
  readonly name: string;
  readonly query: PageQuery;
}

interface Seen {
  readonly observation: BoundObservation;
  readonly fetched: FetchedPage;
}

async function judgeBounds(
  ctx: CheckContext,
  list: OpenList,
  styles: readonly PaginationStyle[],
): Promise<CheckOutcome> {
  const { pagination } = ctx.config;
  const sizeParams = [
    ...(styles.includes('cursor') || styles.includes('offset') ? ['limit'] : []),
    ...(styles.includes('page') ? ['per_page'] : []),
  ];
  const probes: Probe[] = [
    { name: 'default', query: {} },
    ...sizeParams.map((name) => ({ name, query: { [name]: hugeSize } })),
  ];
  const resolved = new Map<string, Seen>();
  let added = 0;

  for (;;) {
    let visible = 0;
    const allFit = new Map<string, FetchedPage>();
    // The probes only read: asked side by side, judged in order.
    const open = probes.filter((p) => !resolved.has(p.name));
    const answers = await mapInParallel(open, sideBySideWithin(list.budget, 1, open.length), (probe) =>
      fetchPage(
        ctx,
        list,
        probe.query,
        probe.name === 'default' ? 'a page without a size' : `${probe.name}=${hugeSize}, far above any maximum`,
      ),
    );
    for (const [index, probe] of open.entries()) {
      const fetched = answers[index]!;
      const observation = observeBound(fetched.response.status, fetched.page);
      if (observation.kind === 'broken' || (observation.kind === 'rejected' && probe.name === 'default')) {
        const reason = observation.kind === 'broken' ? observation.reason : `answered ${observation.status}`;
        return fail(
          ctx,
          list,
          `${fetched.url}: ${reason}`,
          'a bounded list page or (above the maximum) a 4xx',
          reason,
          [fetched],
        );
      }
      if (observation.kind === 'all-fit') {
        visible = Math.max(visible, observation.size);
        allFit.set(probe.name, fetched);
      } else {
        resolved.set(probe.name, { observation, fetched });
      }
    }
    const unresolved = probes.find((p) => !resolved.has(p.name));
    if (unresolved === undefined) break;
    // The kit's records on the list count against pagination.fixtureCap, whichever check made them.
    const created = list.ownIds.size;
    const more = moreFixturesNeeded(visible, created, pagination.fixtureCap);
    // A probe is open only when every record fit on its page, so allFit holds it.
    if (more === undefined) return failUnbounded(ctx, list, unresolved, allFit.get(unresolved.name)!, visible, created);
    ctx.progress(`${list.path}: ${created + more} records to see the page-size bounds`);
    const made = await list.createFixtures(more);
    if (!made.ok) return made.outcome;
    added += more;
  }

  const defaultSize = sizeOf(resolved.get('default')!.observation);
  if (pagination.defaultPageSize !== undefined && defaultSize !== pagination.defaultPageSize) {
    const { fetched } = resolved.get('default')!;
    return fail(
      ctx,
      list,
      `${fetched.url} answered ${defaultSize} items without a size, but pagination.defaultPageSize is ${pagination.defaultPageSize}`,
      `${pagination.defaultPageSize} items`,
      `${defaultSize} items`,
      [fetched],
    );
  }
  const found: string[] = [`default page size ${defaultSize}`];
  const maxima: Record<string, number> = {};
  // Each size parameter's maximum is found side by side (reads only) and judged in order.
  // A refused maximum is found by bisection: a few dozen requests at most.
  const judged = await mapInParallel(sizeParams, sideBySideWithin(list.budget, 40, sizeParams.length), async (name) => {
    const seen = resolved.get(name)!;
    const maximum = await judgeMaximum(ctx, list, name, seen);
    // A huge size answered with a short page may be a size read as invalid and given the default page
    // (7/4 allows that), not a clamp: one size past it tells them apart before later checks rely on it.
    const needsPast =
      typeof maximum === 'number' &&
      defaultSize <= maximum &&
      seen.observation.kind === 'bounded' &&
      pagination.maxPageSize === undefined;
    const past = needsPast
      ? await fetchPage(
          ctx,
          list,
          { [name]: maximum + 1 },
          `${name}=${maximum + 1}, one past the size the huge ${name} was cut to`,
        )
      : undefined;
    return { seen, maximum, past };
  });
  for (const [index, name] of sizeParams.entries()) {
    const { seen, maximum, past } = judged[index]!;
    if (typeof maximum !== 'number') return maximum;
    if (defaultSize > maximum) {
      return fail(
        ctx,
        list,
        `${list.path}: the default page size ${defaultSize} is above the maximum ${maximum} of ${name}`,
        'default ≤ maximum',
        `${defaultSize} > ${maximum}`,
        [resolved.get('default')!.fetched, seen.fetched],
      );
    }
    if (past !== undefined) {
      if (past.page.ok && past.page.ids.length > maximum) {
        found.push(
          `${name}=${hugeSize} got ${maximum} items but ${name}=${maximum + 1} got ${past.page.ids.length}, so ${maximum} is not its maximum (the huge size was likely read as invalid); its maximum stays unknown`,
        );
        continue;
      }
    }
    found.push(`${name} maximum ${maximum} (${seen.observation.kind === 'bounded' ? 'clamped' : 'refused'} above it)`);
    maxima[name] = maximum;
  }
  // Later checks explore the sizes around these bounds (pagination.explored-queries).
  ctx.suiteScope.set(foundBoundsKey(list.target.label), { defaultSize, maxima });
  ctx.info(`${list.path}: ${found.join(', ')}; ${added} record${added === 1 ? '' : 's'} added to see them`);
  return ctx.pass();
}

/** The maximum for `param`, or the failing outcome. */
async function judgeMaximum(
  ctx: CheckContext,
  list: OpenList,
  param: string,
  seen: Seen,
): Promise<number | CheckOutcome> {
  const { overMaxPolicy, maxPageSize } = ctx.config.pagination;
  const { observation, fetched } = seen;
  if (observation.kind === 'bounded') {
    if (overMaxPolicy === 'reject') {
      return fail(
        ctx,
        list,
        `${fetched.url} was clamped to ${observation.size} items, but pagination.overMaxPolicy is "reject"`,
        'a 4xx',
        `200 with ${observation.size} items`,
        [fetched],
      );
    }
    if (maxPageSize !== undefined && observation.size !== maxPageSize) {
      return fail(
        ctx,
        list,
        `${fetched.url} was clamped to ${observation.size} items, but pagination.maxPageSize is ${maxPageSize}`,
        `${maxPageSize} items`,
        `${observation.size} items`,
        [fetched],
      );
    }
    return observation.size;
  }
  if (overMaxPolicy === 'clamp') {
    return fail(
      ctx,
      list,
      `${fetched.url} answered ${fetched.response.status}, but pagination.overMaxPolicy is "clamp"`,
      'a page clamped to the maximum',
      `${fetched.response.status}`,
      [fetched],
    );
  }
  return findRefusalBound(ctx, list, param, maxPageSize);
}

/** Where sizes start to be refused: verified at the configured maximum, else found by bisection. */
async function findRefusalBound(
  ctx: CheckContext,
  list: OpenList,
  param: string,
  configured: number | undefined,
): Promise<number | CheckOutcome> {
  let last: FetchedPage | undefined;
  const isAccepted = async (size: number): Promise<boolean | CheckOutcome> => {
    last = await fetchPage(ctx, list, { [param]: size }, `${param}=${size}: accepted or refused?`);
    const observation = observeBound(last.response.status, last.page);
    if (observation.kind === 'broken')
      return fail(ctx, list, `${last.url}: ${observation.reason}`, 'a list page or a 4xx', observation.reason, [last]);
    return observation.kind !== 'rejected';
  };
  if (configured !== undefined) {
    for (const [size, shouldAccept] of [
      [configured, true],
      [configured + 1, false],
    ] as const) {
      const accepted = await isAccepted(size);
      if (typeof accepted !== 'boolean') return accepted;
      if (accepted !== shouldAccept && last !== undefined) {
        const verdict = accepted ? 'accepted' : 'refused';
        return fail(
          ctx,
          list,
          `${last.url} was ${verdict}, but pagination.maxPageSize is ${configured}`,
          `${param} up to ${configured} accepted, above it refused`,
          verdict,
          [last],
        );
      }
    }
    return configured;
  }
  let accepted = 1;
  let refused = hugeSize;
  for (let mid = nextBisection(accepted, refused); mid !== undefined; mid = nextBisection(accepted, refused)) {
    const answer = await isAccepted(mid);
    if (typeof answer !== 'boolean') return answer;
    if (answer) accepted = mid;
    else refused = mid;
  }
  return accepted;
}

function failUnbounded(
  ctx: CheckContext,
  list: OpenList,
  probe: Probe,
  page: FetchedPage,
  visible: number,
  created: number,
): CheckOutcome {
  const cap = `the kit created ${created} records (pagination.fixtureCap); raise it if the bound is larger`;
  const message =
    probe.name === 'default'
      ? `${page.url} without a page size listed all ${visible} records with has_more false: no default page size (${cap})`
      : `${page.url} listed all ${visible} records with has_more false: no maximum page size (${cap})`;
  return fail(
    ctx,
    list,
    message,
    probe.name === 'default' ? 'a bounded page with has_more true' : 'a page clamped to the maximum, or a 4xx',
    `all ${visible} records in one page`,
    [page],
  );
}

function sizeOf(observation: BoundObservation): number {
  return observation.kind === 'bounded' || observation.kind === 'all-fit' ? observation.size : 0;
}

function fail(
  ctx: CheckContext,
  list: OpenList,
  message: string,
  expected: string,
  actual: string,
  pages: readonly FetchedPage[],
): CheckOutcome {
  return ctx.fail(message, {
    expected,
    actual,
    exchanges: pages.map((p) => p.response.record),
    ...notAPageCauseOf(pages, list.target.label),
  });
}
