import { defineCheck } from '../define-check.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery } from './internal/send-delivery.js';

// Convention 6/1 and 7/2: delivery is at-least-once. A redelivery exists because the sender did
// not see the first answer; refusing it (409 "duplicate") makes the sender retry until it gives up.
export const redeliveryAcknowledged = defineCheck({
  id: 'webhooks-receiver.redelivery-acknowledged',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '6/1, 7/2',
  level: 'normative',
  title: 'The same event delivered twice is acknowledged both times',
  proves: 'A second delivery of an event id, with the same signed bytes, gets a 2xx, not 409 or another 4xx.',
  provenBy: ['receiver-rejects-duplicate'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const rawBody = JSON.stringify(buildEvent(ctx, setup, 'create'));
    const first = await sendDelivery(ctx, setup, { rawBody, note: 'first delivery of an event' });
    if (!isAcknowledged(first)) {
      return ctx.fail(`the first delivery of an event ${describeOutcome(first)}; expected a 2xx`, {
        expected: '2xx',
        actual: describeOutcome(first),
        exchanges: evidenceOf(first),
      });
    }
    const again = await sendDelivery(ctx, setup, { rawBody, note: 'the same event again (same id, same bytes)' });
    if (!isAcknowledged(again)) {
      return ctx.fail(`a redelivery of the same event id ${describeOutcome(again)}; expected a 2xx: deduplicate silently, do not refuse`, {
        expected: '2xx for the redelivery too',
        actual: describeOutcome(again),
        exchanges: evidenceOf(first, again),
      });
    }
    return ctx.pass();
  },
});
