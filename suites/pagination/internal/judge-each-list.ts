// Runs one check's judgement on every configured list (convention 4.2/7: the same parameters on
// every list, nested ones included), skipping styles a list does not support, and deciding the
// check's outcome: a failing list fails it; a list it could not finish judging (a budget ran out)
// leaves it incomplete, never passed; lists the config leaves out are reported.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { listTargets, stylesToJudge, type PaginationStyle } from './list-targets.js';
import { openList, type OpenList } from './open-list.js';
import { RequestBudgetSpent } from './request-budget.js';

/** Judges one open list in the styles it supports; returns ctx.pass(), ctx.fail(…), ctx.skip(…) or ctx.incomplete(…). */
export type ListJudge = (list: OpenList, styles: readonly PaginationStyle[]) => Promise<CheckOutcome>;

/** Runs `judge` on every list supporting at least one of `styles`. */
export async function judgeEachList(ctx: CheckContext, styles: readonly PaginationStyle[], judge: ListJudge): Promise<CheckOutcome> {
  const targets = listTargets(ctx.config);
  if (targets.length === 0) return ctx.skip('no collections are configured (add "collections" to the config)');
  const notJudged: string[] = [];
  const unfinished: string[] = [];
  let judged = 0;

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
    let outcome: CheckOutcome;
    try {
      outcome = await judge(opened.list, supported);
    } catch (error) {
      if (!(error instanceof RequestBudgetSpent)) throw error;
      outcome = ctx.incomplete(error.message);
    }
    if (outcome.status === 'failed' || outcome.status === 'blocked') return outcome;
    if (outcome.status === 'incomplete') unfinished.push(`${opened.list.path}: ${outcome.reason}`);
    else if (outcome.status === 'skipped') notJudged.push(`${opened.list.path}: ${outcome.reason}`);
    else {
      judged += 1;
      ctx.cover(`GET ${target.label} (${supported.join(', ')} style)`);
    }
  }

  if (unfinished.length > 0) return ctx.incomplete(unfinished.join('; '));
  if (judged === 0) return ctx.skip(notJudged.join('; '));
  for (const reason of notJudged) {
    ctx.info(`not judged: ${reason}`);
    ctx.leaveOut(reason.split(':')[0]!.split(' supports')[0]!, reason);
  }
  return ctx.pass();
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
  });
}
