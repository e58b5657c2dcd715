import { defineCheck } from '../define-check.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery } from './internal/send-delivery.js';

// Convention 4.3 and 6/3: a receiver answers 2xx "quickly" and processes afterwards, or the sender
// times out and retries. The convention gives no number, so "quickly" is webhooks.receiver.ackBudgetMs,
// by default 10 s, the time-out many senders use; slower than that fails. An answer past 2 s is
// advice (or past half the budget, when a tighter one is pinned): it leaves little room under a
// sender's time-out.
const adviseAfterMs = 2000;

export const signedDeliveryAcknowledged = defineCheck({
  id: 'webhooks-receiver.signed-delivery-acknowledged',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 5/3, 6/3',
  level: 'normative',
  leavesOpen:
    "Which 2xx, and how quick is quick (4.3 gives no number): any 2xx within webhooks.receiver.ackBudgetMs (default 10 s, pin your senders' time-out); past 2 s is advice. The digest encoding the kit signs with (5/5): webhooks.receiver.digestEncoding.",
  title: 'A correctly signed delivery is acknowledged with a 2xx within the time budget',
  proves: 'The receiver verifies a valid X-Signature and answers 2xx within webhooks.receiver.ackBudgetMs.',
  covers: "the receiver endpoint's answer to a correctly signed delivery: its status and how soon it comes",
  probes: [
    'a non-2xx to a correctly signed event',
    'no answer (a time-out or a closed connection)',
    'a 2xx later than webhooks.receiver.ackBudgetMs',
    'a 2xx later than 2 s (advice)',
  ],
  provenBy: ['receiver-slow-ack', 'receiver-refuses-everything'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const budgetMs = setup.receiver.ackBudgetMs;
    const outcome = await sendDelivery(ctx, setup, {
      rawBody: JSON.stringify(buildEvent(ctx, setup, 'create')),
      note: 'a correctly signed create event',
    });
    const { profile } = setup;
    ctx.cover(`a correctly signed create event, ${setup.encoding} digest, ${profile.name} profile`);
    if (profile.encoding === 'either')
      ctx.leaveOut(
        'a digest in the other encoding',
        'the kit signs in webhooks.receiver.digestEncoding only; the encoding is not shown (5/5)',
      );
    if (!isAcknowledged(outcome)) {
      // A receiver that speaks another scheme refuses everything: the profile is the first thing to check.
      return ctx.fail(
        `a correctly signed delivery to ${setup.url} ${describeOutcome(outcome)}; expected a 2xx (signed in the ${profile.name} profile; is webhooks.receiver.profile the receiver's scheme?)`,
        {
          expected: `2xx within ${budgetMs} ms`,
          actual: describeOutcome(outcome),
          exchanges: evidenceOf(outcome),
        },
      );
    }
    if (outcome.answered && outcome.durationMs > budgetMs) {
      const tookMs = Math.round(outcome.durationMs);
      return ctx.fail(
        `a correctly signed delivery was acknowledged after ${tookMs} ms; expected a 2xx within ${budgetMs} ms (webhooks.receiver.ackBudgetMs): answer first, process afterwards`,
        {
          expected: `2xx within ${budgetMs} ms`,
          actual: `${outcome.status} after ${tookMs} ms`,
          exchanges: evidenceOf(outcome),
        },
      );
    }
    if (outcome.answered && outcome.durationMs > Math.min(adviseAfterMs, budgetMs / 2)) {
      ctx.advise(
        `a correctly signed delivery was acknowledged after ${Math.round(outcome.durationMs)} ms: within webhooks.receiver.ackBudgetMs (${budgetMs} ms), but a 2xx sent before the work is done leaves a sender's time-out room to spare`,
      );
    }
    return ctx.pass();
  },
});
