// Runs one check's judgement on every configured list (convention 4.2/7: the same parameters on
// every list, nested ones included), skipping styles a list does not support, and deciding the
// check's outcome: a failing list fails it; a list it could not finish judging (a budget ran out)
// leaves it incomplete, never passed; lists the config leaves out are reported.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { listTargets, stylesToJudge, type ListTarget, type PaginationStyle } from './list-targets.js';
import { openList, type FixtureBatch, type OpenList } from './open-list.js';
import { firstVerdictInOrder, mapInConflictOrder, mapInParallel, settle } from '../../internal/map-in-parallel.js';
import { listsMayShareRecords, listsShareCounts, nestedListsListedIn } from './lists-share-records.js';
import { oneAtATime } from './one-at-a-time.js';
import { RequestBudgetSpent, sideBySideWithin } from './request-budget.js';
import { findOfferedStyles, type StylesFound } from './find-styles.js';

/** Judges one open list in the styles it supports; returns ctx.pass(), ctx.fail(…), ctx.skip(…) or ctx.incomplete(…). */
export type ListJudge = (list: OpenList, styles: readonly PaginationStyle[]) => Promise<CheckOutcome>;

/**
 * How lists may be judged side by side.
 * - `reads-only`: the judge only reads. Every list is first topped up to readerFixtureCount records,
 *   one check at a time, so checks that read can also run side by side (SuiteDefinition.checksAlone):
 *   each finds the lists as the first left them, and none writes while another reads.
 * - `tolerant`: the judge writes, but its rule holds under concurrent writes (a cursor walk, 4.2/2),
 *   whoever makes them.
 * - `writes-own-list`: the judge writes to the list it judges. Offset and page walks are not stable
 *   while data changes (4.2/1), so lists that may share records (listsMayShareRecords) are judged one
 *   after another, in list order, and the others side by side: each sees what it would in turn.
 * - `grows-own-list`: the judge adds records to the list it judges and counts what a page shows,
 *   never their order. Only lists that count each other's records (listsShareCounts) wait for each
 *   other, and a nested list goes first: its records then count toward the top-level list that lists
 *   them too (/orders needs none of its own once /customers/{id}/orders holds enough).
 */
export type ListConcurrency = 'reads-only' | 'tolerant' | 'writes-own-list' | 'grows-own-list';

/**
 * The records every list holds before a reading check judges it: three pages of walkPageSize, a
 * first, a middle and a short last one, so a walk crosses two page boundaries and ends on a short page.
 */
export function readerFixtureCount(config: CheckContext['config']): number {
  return 2 * config.pagination.walkPageSize + 1;
}

const setupKey = 'pagination.opening lists';

/** Options of judgeEachList. */
export interface JudgeEachListOptions {
  /**
   * Tops an open list up to the records the judge needs, before any list is judged: lists that count
   * each other's records (listsShareCounts) take turns in list order, so a list that counts a nested
   * list's records finds them there. A reads-only judge gets readerFixtureCount records each.
   */
  readonly topUp?: (list: OpenList) => Promise<FixtureBatch>;
  /**
   * The check that fails a list offering none of the convention's styles (the cause, once); every
   * other check is blocked by it.
   */
  readonly failsWithoutStyles?: boolean;
}

const stylesCause = 'pagination.same-parameters-on-every-list';

/** Runs `judge` on every list supporting at least one of `styles`. */
export async function judgeEachList(
  ctx: CheckContext,
  styles: readonly PaginationStyle[],
  judge: ListJudge,
  concurrency: ListConcurrency,
  options: JudgeEachListOptions = {},
): Promise<CheckOutcome> {
  const targets = listTargets(ctx.config);
  if (targets.length === 0) return ctx.skip('no collections are configured (add "collections" to the config)');
  const notJudged: string[] = [];
  const unfinished: string[] = [];
  let judged = 0;
  const tally = (list: OpenList, supported: readonly PaginationStyle[], outcome: CheckOutcome): void => {
    if (outcome.status === 'incomplete') unfinished.push(`${list.path}: ${outcome.reason}`);
    else if (outcome.status === 'skipped') notJudged.push(`${list.target.label}: ${outcome.reason}`);
    else {
      judged += 1;
      ctx.cover(`GET ${list.target.label} (${supported.join(', ')} style)`);
    }
  };

  // Opening a list writes (a parent, the records its sample refers to), and so does topping it up:
  // every list is ready before any is judged, and checks side by side take turns at it. The lists
  // open side by side, then are topped up side by side, except that a nested list and the list that
  // shows its records too take turns in list order (listsShareCounts): every list holds the same
  // records of its own whatever the timing; only where the records other lists made (a nested
  // list's parent, a sample's fixture) fall among them may differ, and no check judges those.
  // What the lists found is read in list order, as one after another would: a list's error is
  // thrown only when no earlier list gave an outcome.
  const topUp =
    concurrency === 'reads-only'
      ? (list: OpenList) => list.ensureFixtures(readerFixtureCount(ctx.config))
      : options.topUp;
  const ready: { readonly list: OpenList; readonly supported: PaginationStyle[] }[] = [];
  const opening = async (): Promise<CheckOutcome | undefined> => {
    const judgeable = targets.filter((target) => stylesToJudge(target, styles).length > 0);
    const opened = await mapInParallel(judgeable, ctx.config.target.concurrency, (target) => {
      ctx.progress(target.label);
      return settle(() => openList(ctx, target));
    });
    const open = opened.flatMap((result) => ('value' in result && result.value.ok ? [result.value.list] : []));
    const toppedUp =
      topUp === undefined
        ? []
        : await mapInConflictOrder(
            open,
            ctx.config.target.concurrency,
            (a, b) => listsShareCounts(a.target, b.target),
            (list) => settle(() => topUp(list)),
          );
    // Which styles each unpinned list offers, found side by side (once per suite; find-styles.ts).
    const stylesFound = await mapInParallel(open, ctx.config.target.concurrency, (list) =>
      list.target.stylesPinned ? Promise.resolve(undefined) : findOfferedStyles(ctx, list),
    );
    for (const target of targets) {
      const index = judgeable.indexOf(target);
      if (index < 0) {
        notJudged.push(`${target.label} supports none of ${styles.join('/')} (pagination.styles)`);
        continue;
      }
      const result = opened[index]!;
      if ('thrown' in result) throw result.thrown;
      if (!result.value.ok) {
        const { outcome } = result.value;
        if (outcome.status === 'failed' || outcome.status === 'blocked') return outcome;
        if (outcome.status === 'incomplete') unfinished.push(`${target.label}: ${outcome.reason}`);
        else notJudged.push(`${target.label}: ${outcome.status === 'skipped' ? outcome.reason : 'not judged'}`);
        continue;
      }
      const made = toppedUp[open.indexOf(result.value.list)];
      if (made !== undefined && 'thrown' in made) throw made.thrown;
      if (made !== undefined && !made.value.ok) return made.value.outcome;
      const found = stylesFound[open.indexOf(result.value.list)];
      const offered = offeredStyles(target, found);
      if (found?.found === true && found.offered.length === 0) {
        const what = `${target.label} offers none of the convention's paging styles (${found.why})`;
        return options.failsWithoutStyles === true
          ? ctx.fail(what, {
              expected: 'a list paged by limit/offset, page/per_page or after (4.2)',
              actual: found.why,
            })
          : ctx.blocked(`${what}; see ${stylesCause}`, stylesCause);
      }
      const supported = styles.filter((style) => offered.includes(style));
      if (supported.length === 0) {
        const how =
          found?.found === true
            ? `found: ${found.why}; pin collections[].pagination.styles to judge another`
            : 'pagination.styles';
        notJudged.push(`${target.label} offers none of ${styles.join('/')} (${how})`);
        continue;
      }
      ready.push({ list: result.value.list, supported });
    }
    return undefined;
  };

  // Pinned styles are the config's word; unpinned ones are found. A style not offered is left out
  // by name; a list whose styles could not be found is judged in every style.
  const offeredStyles = (target: ListTarget, found: StylesFound | undefined): readonly PaginationStyle[] => {
    if (found === undefined) return target.styles;
    if (!found.found) {
      ctx.info(`could not tell which styles ${target.label} offers (${found.why}), so every style was judged`);
      return target.styles;
    }
    for (const style of styles.filter((wanted) => !found.offered.includes(wanted)))
      ctx.leaveOut(
        `GET ${target.label} (${style} style)`,
        `not offered: ${found.why}; pin collections[].pagination.styles to judge it`,
      );
    return found.offered;
  };
  const stopped = await oneAtATime(ctx.suiteScope, setupKey, opening);
  if (stopped !== undefined) return stopped;

  // Side by side; the verdict is read in list order, whichever list finished first.
  const judgeReady = ({ list, supported }: (typeof ready)[number]): Promise<CheckOutcome> =>
    judgeOne(ctx, judge, list, supported);
  const limit = ctx.config.target.concurrency;
  const outcomes =
    concurrency === 'writes-own-list' || concurrency === 'grows-own-list'
      ? await judgeApart(ready, limit, judgeReady, schedules[concurrency](targets))
      : await mapInParallel(ready, limit, judgeReady);
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'failed' || outcome.status === 'blocked') return outcome;
    const { list, supported } = ready[index]!;
    tally(list, supported, outcome);
  }

  if (unfinished.length > 0) return ctx.incomplete(unfinished.join('; '));
  if (judged === 0) return ctx.skip(notJudged.join('; '));
  for (const reason of notJudged) {
    ctx.info(`not judged: ${reason}`);
    ctx.leaveOut(reason.split(':')[0]!.split(' supports')[0]!, reason);
  }
  return ctx.pass();
}

/** Which lists wait for which, and which go first: fixed by the config, so every run judges alike. */
interface ListSchedule {
  readonly conflicts: (a: ListTarget, b: ListTarget) => boolean;
  /** Lists of a lower round go first; list order within a round. */
  readonly round: (target: ListTarget) => number;
}

const schedules: Record<'writes-own-list' | 'grows-own-list', (all: readonly ListTarget[]) => ListSchedule> = {
  // Top-level lists first, nested ones after: a nested list shares records with its parent's list and
  // with its children's, which share none with each other, so two rounds do what list order would take three.
  'writes-own-list': () => ({
    conflicts: listsMayShareRecords,
    round: (target) => Number(target.related !== undefined),
  }),
  // The lists that count a nested list's records last, once those records are there.
  'grows-own-list': (all) => ({
    conflicts: listsShareCounts,
    round: (target) => Number(nestedListsListedIn(target, all).length > 0),
  }),
};

/** Judges lists that conflict one after another, in the schedule's order, and the others side by side. */
async function judgeApart<T extends { readonly list: OpenList }>(
  ready: readonly T[],
  limit: number,
  judge: (item: T) => Promise<CheckOutcome>,
  { conflicts, round }: ListSchedule,
): Promise<CheckOutcome[]> {
  const schedule = [...ready.keys()].sort((a, b) => round(ready[a]!.list.target) - round(ready[b]!.list.target));
  const outcomes = await mapInConflictOrder(
    schedule,
    limit,
    (earlier, later) => conflicts(ready[earlier]!.list.target, ready[later]!.list.target),
    (index) => judge(ready[index]!),
  );
  const inListOrder = new Array<CheckOutcome>(ready.length);
  for (const [position, index] of schedule.entries()) inListOrder[index] = outcomes[position]!;
  return inListOrder;
}

async function judgeOne(
  ctx: CheckContext,
  judge: ListJudge,
  list: OpenList,
  supported: readonly PaginationStyle[],
): Promise<CheckOutcome> {
  try {
    return await judge(list, supported);
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return ctx.incomplete(error.message);
  }
}

/** Judges one style of an open list; undefined means the style passed. */
export type StyleJudge = (list: OpenList, style: PaginationStyle) => Promise<CheckOutcome | undefined>;

/**
 * Judges each supported style of every list, on lists topped up to readerFixtureCount records. The
 * judges only read, so a list's styles are walked side by side (on a network each walk is a chain of
 * round trips) when the list's request budget covers `walksPerStyle` whole walks of each; the verdict
 * is the first in style order, whichever walk finished first.
 */
export function judgeEachStyle(ctx: CheckContext, judgeStyle: StyleJudge, walksPerStyle = 1): Promise<CheckOutcome> {
  // A walk, and a couple of probes after it (has-more-accurate's).
  const requestsEach = walksPerStyle * (ctx.config.budgets.maxPagesPerWalk + 1) + 2;
  return judgeEachList(
    ctx,
    ['cursor', 'offset', 'page'],
    async (list, styles) => {
      const outcome = await firstVerdictInOrder(
        styles,
        sideBySideWithin(list.budget, requestsEach, styles.length),
        (style) => judgeStyle(list, style),
      );
      return outcome ?? ctx.pass();
    },
    'reads-only',
  );
}
