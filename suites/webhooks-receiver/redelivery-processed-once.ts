import { defineCheck } from '../define-check.js';
import { describeUnreadable, readAfterSettling, waitForProcessing } from './internal/observe-processing.js';
import { buildEvent, newEventIds, readReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery } from './internal/send-delivery.js';

// Convention 6/1: receivers deduplicate by id. Only observable through webhooks.receiver.observe:
// without it the check is skipped, never passed on trust.
export const redeliveryProcessedOnce = defineCheck({
  id: 'webhooks-receiver.redelivery-processed-once',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '6/1',
  level: 'normative',
  leavesOpen: 'How processing can be observed (not shown): webhooks.receiver.observe; without it the check is skipped.',
  title: 'The same event delivered twice is processed once',
  proves: 'After two deliveries of one event id, the processed count read through webhooks.receiver.observe is exactly 1.',
  provenBy: ['receiver-no-dedupe'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const observe = setup.receiver.observe;
    if (observe === undefined) {
      return ctx.skip('processing is not observable: set webhooks.receiver.observe (urlTemplate and pointer) to check deduplication');
    }
    const ids = newEventIds(ctx);
    const rawBody = JSON.stringify(buildEvent(ctx, setup, 'create', ids));
    const first = await sendDelivery(ctx, setup, { rawBody, note: 'first delivery of an event' });
    if (!isAcknowledged(first)) {
      return ctx.fail(`the first delivery of an event ${describeOutcome(first)}; expected a 2xx before deduplication can be observed`, {
        expected: '2xx',
        actual: describeOutcome(first),
        exchanges: evidenceOf(first),
      });
    }
    const again = await sendDelivery(ctx, setup, { rawBody, note: 'the same event again (same id, same bytes)' });
    const processed = await waitForProcessing(ctx, observe, ids.eventId, 1);
    if (processed.kind === 'unreadable') return ctx.fail(describeUnreadable(processed), { exchanges: [...evidenceOf(first, again), processed.record] });
    // Processing may run after the answer: give a second run time to show before judging.
    const settled = processed.count === 1 ? await readAfterSettling(ctx, observe, ids.eventId) : processed;
    const evidence = [...evidenceOf(first, again), settled.record];
    if (settled.kind === 'unreadable') return ctx.fail(describeUnreadable(settled), { exchanges: evidence });
    if (settled.count !== 1) {
      return ctx.fail(`an event delivered twice was processed ${settled.count} time(s); expected exactly once (deduplicate by id)`, {
        expected: 'processed count 1',
        actual: `processed count ${settled.count}`,
        exchanges: evidence,
      });
    }
    return ctx.pass();
  },
});
