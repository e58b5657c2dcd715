import { defineCheck } from '../define-check.js';
import { findBadInputProblem } from './internal/bad-input-verdict.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import { evidenceOf, sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Correctly signed, so the receiver gets past verification and meets the body itself.
const malformedBodies = ['{"event": "customer.created", "id": ', '{event: "unquoted"}', '[1, 2,', 'not json at all'];

export const malformedJsonRefused = defineCheck({
  id: 'webhooks-receiver.malformed-json-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 7/1',
  level: 'normative',
  leavesOpen: 'Which 4xx (7/3: not shown): any.',
  title: 'A correctly signed delivery whose body is not JSON gets a 4xx, never a 5xx or no answer',
  proves: 'Correctly signed bodies that do not parse as JSON are refused as the sender\'s error, promptly.',
  provenBy: ['receiver-500-on-bad-json'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a body that is not JSON');
    if (blocked !== undefined) return blocked;
    for (const rawBody of malformedBodies) {
      const outcome = await sendDelivery(ctx, setup, { rawBody, note: 'correctly signed, malformed JSON' });
      const problem = findBadInputProblem(outcome);
      if (problem !== undefined) {
        return ctx.fail(`a correctly signed delivery with the malformed body ${JSON.stringify(rawBody)} ${problem}; expected a 4xx (for example 400)`, {
          expected: '4xx',
          actual: problem,
          exchanges: evidenceOf(outcome),
        });
      }
    }
    return ctx.pass();
  },
});
