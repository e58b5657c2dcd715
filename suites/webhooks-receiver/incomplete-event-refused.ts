import { defineCheck } from '../define-check.js';
import { findBadInputProblem } from './internal/bad-input-verdict.js';
import { withoutField } from './internal/event-template.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { evidenceOf, sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Convention 2: a webhook body carries event, id and data. Without id a receiver cannot dedupe
// (6/1), without event or data it cannot act; acknowledging such a body hides the sender's bug.
const requiredFields = ['event', 'id', 'data'] as const;

export const incompleteEventRefused = defineCheck({
  id: 'webhooks-receiver.incomplete-event-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '2, 7/1',
  title: 'A correctly signed event missing event, id or data gets a 4xx, never a 5xx or no answer',
  proves: 'Correctly signed JSON bodies lacking one of the required webhook fields are refused as the sender\'s error.',
  provenBy: ['receiver-accepts-invalid-event'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'an incomplete event');
    if (blocked !== undefined) return blocked;
    for (const field of requiredFields) {
      const rawBody = JSON.stringify(withoutField(buildEvent(ctx, setup, 'create'), field));
      const outcome = await sendDelivery(ctx, setup, { rawBody, note: `correctly signed event without "${field}"` });
      const problem = findBadInputProblem(outcome);
      if (problem !== undefined) {
        return ctx.fail(`a correctly signed event without "${field}" ${problem}; expected a 4xx (for example 400)`, {
          expected: '4xx',
          actual: problem,
          exchanges: evidenceOf(outcome),
        });
      }
    }
    return ctx.pass();
  },
});
