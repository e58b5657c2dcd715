import { defineCheck } from '../define-check.js';
import { judgeOpenRefusal } from './internal/open-refusal-verdict.js';
import { withoutField } from './internal/event-template.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { evidenceOf, sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Convention 2: a webhook body carries event, id and data; what a receiver does with one that lacks
// a field is not shown, so any prompt answer passes by default. Acknowledging it hides the sender's
// bug (without id a receiver cannot dedupe, 6/1), so that is advice, and
// webhooks.receiver.incompleteEvent "refuse" pins a refusal. Only no answer fails (4.3, 6/3).
const requiredFields = ['event', 'id', 'data'] as const;

export const incompleteEventRefused = defineCheck({
  id: 'webhooks-receiver.incomplete-event-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '2, 4.3, 6/3',
  title: 'A correctly signed event missing event, id or data is answered promptly; a refusal is advised',
  proves:
    'Correctly signed JSON bodies lacking one of the webhook fields get an answer or a closed connection in time; accepting one is advice unless webhooks.receiver.incompleteEvent pins "refuse".',
  level: 'advisory',
  leavesOpen:
    'What a receiver does with an event that lacks a field (not stated): any prompt answer passes, acceptance is advice; pin webhooks.receiver.incompleteEvent "refuse".',
  covers: "the receiver's answer to a correctly signed JSON object that lacks one of the fields of a webhook body",
  probes: [
    ...requiredFields.map((field) => `an event without "${field}", answered late or never`),
    'any of them acknowledged (advice; fails when webhooks.receiver.incompleteEvent pins "refuse")',
  ],
  provenBy: ['receiver-accepts-invalid-event'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'an incomplete event');
    if (blocked !== undefined) return blocked;
    for (const field of requiredFields) {
      const rawBody = JSON.stringify(withoutField(buildEvent(ctx, setup, 'create'), field));
      const outcome = await sendDelivery(ctx, setup, { rawBody, note: `correctly signed event without "${field}"` });
      ctx.cover(`a correctly signed event without "${field}"`);
      const verdict = judgeOpenRefusal(outcome, setup.receiver.incompleteEvent, 'webhooks.receiver.incompleteEvent');
      if (verdict.kind === 'accepted') {
        ctx.advise(
          `a correctly signed event without "${field}" ${verdict.advice}; pin webhooks.receiver.incompleteEvent "refuse" to require one`,
        );
      } else if (verdict.kind === 'failed') {
        return ctx.fail(`a correctly signed event without "${field}" ${verdict.problem}`, {
          expected:
            setup.receiver.incompleteEvent === 'refuse'
              ? 'a 4xx (for example 400) or a closed connection'
              : 'a prompt answer',
          actual: verdict.problem,
          exchanges: evidenceOf(outcome),
        });
      }
    }
    return ctx.pass();
  },
});
