// What every openapi-contract check does: read what the contract saw of one aspect of the answers
// the run's other checks received, and turn it into a verdict. No requests: the evidence is the
// answers themselves. A run in which no answer reached a documented operation, or none could be
// judged for this aspect, is incomplete, never a pass.
import type { CheckContext, CheckOutcome, ContractAspect } from '../../../harness/check-api/check-context.js';

export interface AspectWords {
  /** What a conforming answer does, for the failure's "expected". */
  readonly expected: string;
  /** How a breach is named in the message, before the document: "had a status their operation does not list in". */
  readonly breaches: string;
}

export function judgeAspect(ctx: CheckContext, aspect: ContractAspect, words: AspectWords): CheckOutcome {
  const contract = ctx.contract;
  if (contract === undefined)
    return ctx.skip('no API description was given (run with --openapi FILE|URL to check the answers against it)');
  const report = contract.report();
  const found = report.aspects[aspect];
  for (const item of found.judged) ctx.cover(item);
  for (const { item, why } of found.notJudged) ctx.leaveOut(item, why);
  if (aspect === 'status') {
    for (const { item, count } of report.undocumented)
      ctx.leaveOut(
        `${item} (${count} answer${count === 1 ? '' : 's'})`,
        'no operation of the document describes this request',
      );
  }
  if (report.answersMatched === 0) {
    return ctx.incomplete(
      report.answersSeen === 0
        ? 'no answers to judge: this class judges the answers the other suites receive, so run it with them'
        : `none of the ${report.answersSeen} answers this run received came from an operation ${report.source} describes; check that the base URL and the document's paths agree`,
    );
  }
  if (found.judged.length === 0) {
    const reasons = [...new Set(found.notJudged.map((entry) => entry.why))].slice(0, 3).join('; ');
    return ctx.incomplete(
      `${report.answersMatched} answers came from documented operations, but none could be judged for its ${aspect}${reasons === '' ? '' : ` (${reasons})`}`,
    );
  }
  if (found.breachCount === 0) {
    ctx.info(
      `${found.judged.length} documented answers (operation and status) judged over ${report.answersMatched} answers`,
    );
    return ctx.pass();
  }
  const [first] = found.breaches;
  const shown = found.breaches.length < found.breachCount ? ` (the first ${found.breaches.length} shown)` : '';
  return ctx.fail(
    `${found.breachCount} ${found.breachCount === 1 ? 'answer' : 'answers'} ${words.breaches} ${report.source}${shown}; first: ${first!.item}: ${first!.message} (an answer to ${first!.checkId})`,
    {
      expected: words.expected,
      actual: found.breaches.map((breach) => `${breach.item}: ${breach.message}`).join('\n'),
      exchanges: found.breaches.map((breach) => breach.record),
    },
  );
}
