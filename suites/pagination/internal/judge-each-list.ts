// Runs one check's judgement on every configured list (convention 4.2/7: the same parameters on
// every list, nested ones included), skipping styles a list does not support, and deciding the
// check's outcome: a failing list fails it; a list it could not finish judging (a budget ran out)
// leaves it incomplete, never passed; lists the config leaves out are reported.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { listTargets, stylesToJudge, type PaginationStyle } from './list-targets.js';
import { openList, type OpenList } from './open-list.js';
import { mapInParallel } from '../../internal/map-in-parallel.js';
import { RequestBudgetSpent } from './request-budget.js';

/** Judges one open list in the styles it supports; returns ctx.pass(), ctx.fail(…), ctx.skip(…) or ctx.incomplete(…). */
export type ListJudge = (list: OpenList, styles: readonly PaginationStyle[]) => Promise<CheckOutcome>;

/**
 * How lists may be judged side by side. Offset and page walks are not stable while data changes
 * (4.2/1), and a nested list's children may be records of another list, so lists are judged at once
 * only when nothing writes while they are: `readOnlyAfter` fixtures are made on every list first,
 * and the judge then only reads (its own ensureFixtures asks for no more). `tolerant`: the judge
 * writes, but its rule holds under concurrent writes (a cursor walk, 4.2/2). Absent: one at a time.
 */
export type ListConcurrency = { readonly readOnlyAfter: number } | 'tolerant';

/** Runs `judge` on every list supporting at least one of `styles`. */
export async function judgeEachList(ctx: CheckContext, styles: readonly PaginationStyle[], judge: ListJudge, concurrency?: ListConcurrency): Promise<CheckOutcome> {
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

  // Opening a list writes (a parent, the records its sample refers to): one at a time, in order.
  const ready: { readonly list: OpenList; readonly supported: PaginationStyle[] }[] = [];
  for (const target of targets) {
    const supported = stylesToJudge(target, styles);
    if (supported.length === 0) {
      notJudged.push(`${target.label} supports none of ${styles.join('/')} (pagination.styles)`);
      continue;
    }
    ctx.progress(target.label);
    const opened = await openList(ctx, target);
    if (!opened.ok) {
      const { outcome } = opened;
      if (outcome.status === 'failed' || outcome.status === 'blocked') return outcome;
      if (outcome.status === 'incomplete') unfinished.push(`${target.label}: ${outcome.reason}`);
      else notJudged.push(`${target.label}: ${outcome.status === 'skipped' ? outcome.reason : 'not judged'}`);
      continue;
    }
    if (concurrency === undefined) {
      // In turn: the first failing list ends the check before the next list is touched.
      const outcome = await judgeOne(ctx, judge, opened.list, supported);
      if (outcome.status === 'failed' || outcome.status === 'blocked') return outcome;
      tally(opened.list, supported, outcome);
      continue;
    }
    if (concurrency !== 'tolerant') {
      const made = await opened.list.ensureFixtures(concurrency.readOnlyAfter);
      if (!made.ok) return made.outcome;
    }
    ready.push({ list: opened.list, supported });
  }

  // Side by side; the verdict is read in list order, whichever list finished first.
  const outcomes = await mapInParallel(ready, ctx.config.target.concurrency, ({ list, supported }) => judgeOne(ctx, judge, list, supported));
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

async function judgeOne(ctx: CheckContext, judge: ListJudge, list: OpenList, supported: readonly PaginationStyle[]): Promise<CheckOutcome> {
  try {
    return await judge(list, supported);
  } catch (error) {
    if (!(error instanceof RequestBudgetSpent)) throw error;
    return ctx.incomplete(error.message);
  }
}

/** Judges one style of an open list; undefined means the style passed. */
export type StyleJudge = (list: OpenList, style: PaginationStyle) => Promise<CheckOutcome | undefined>;

/** Tops every list up to `fixtures` records of the kit's own, then judges each supported style in turn. */
export function judgeEachStyle(ctx: CheckContext, fixtures: number, judgeStyle: StyleJudge): Promise<CheckOutcome> {
  return judgeEachList(ctx, ['cursor', 'offset', 'page'], async (list, styles) => {
    const created = await list.ensureFixtures(fixtures);
    if (!created.ok) return created.outcome;
    for (const style of styles) {
      const outcome = await judgeStyle(list, style);
      if (outcome !== undefined) return outcome;
    }
    return ctx.pass();
  }, { readOnlyAfter: fixtures });
}
