// Runs one check's judgement on every configured list (convention 4.2/7: the same parameters on
// every list, nested ones included), skipping styles a list does not support, and deciding the
// check's outcome: the first failing list fails it; lists that could not be judged are reported.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { listTargets, stylesToJudge, type PaginationStyle } from './list-targets.js';
import { openList, type OpenList } from './open-list.js';
import { RequestBudgetSpent } from './request-budget.js';

/** Judges one open list in the styles it supports; returns ctx.pass(), ctx.fail(…) or ctx.skip(reason). */
export type ListJudge = (list: OpenList, styles: readonly PaginationStyle[]) => Promise<CheckOutcome>;

/** Runs `judge` on every list supporting at least one of `styles`. */
export async function judgeEachList(ctx: CheckContext, styles: readonly PaginationStyle[], judge: ListJudge): Promise<CheckOutcome> {
  const targets = listTargets(ctx.config);
  if (targets.length === 0) return ctx.skip('no collections are configured (add "collections" to the config)');
  const notJudged: string[] = [];
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
      if (opened.outcome.status === 'failed') return opened.outcome;
      notJudged.push(`${target.label}: ${opened.outcome.status === 'skipped' ? opened.outcome.reason : 'not judged'}`);
      continue;
    }
    let outcome: CheckOutcome;
    try {
      outcome = await judge(opened.list, supported);
    } catch (error) {
      if (!(error instanceof RequestBudgetSpent)) throw error;
      outcome = ctx.skip(error.message);
    }
    if (outcome.status === 'failed') return outcome;
    if (outcome.status === 'skipped') notJudged.push(`${opened.list.path}: ${outcome.reason}`);
    else judged += 1;
  }

  if (judged === 0) return ctx.skip(notJudged.join('; '));
  for (const reason of notJudged) ctx.info(`not judged: ${reason}`);
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
