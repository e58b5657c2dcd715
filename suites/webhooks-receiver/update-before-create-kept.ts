import type { ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { describeUnreadable, waitForProcessing } from './internal/observe-processing.js';
import { buildEvent, newEventIds, readReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery } from './internal/send-delivery.js';

// Convention 6/2: order is not guaranteed; an update can arrive before the create of its record.
// Refusing it (409) or dropping it loses the newest state of the record.
export const updateBeforeCreateKept = defineCheck({
  id: 'webhooks-receiver.update-before-create-kept',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '6/2',
  level: 'normative',
  title: 'An update that arrives before its create is acknowledged and not lost',
  proves:
    'An update event for a record the receiver has not seen, then its create, both get a 2xx and, when observable, both are processed.',
  covers: "the receiver's handling of an update that arrives before the create of its record",
  probes: [
    'the early update refused',
    'the late create refused',
    'the early update acknowledged but never processed',
    'the late create acknowledged but never processed',
  ],
  provenBy: ['receiver-rejects-out-of-order', 'receiver-dedupes-by-record'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const recordId = newEventIds(ctx).recordId;
    const updateIds = { ...newEventIds(ctx), recordId };
    const createIds = { ...newEventIds(ctx), recordId };
    const update = await sendDelivery(ctx, setup, {
      rawBody: JSON.stringify(buildEvent(ctx, setup, 'update', updateIds)),
      note: `update of ${recordId}, before any create`,
    });
    const create = await sendDelivery(ctx, setup, {
      rawBody: JSON.stringify(buildEvent(ctx, setup, 'create', createIds)),
      note: `the late create of ${recordId}`,
    });
    ctx.cover('an update before any create of its record, then the create');
    ctx.leaveOut(
      'which payload a record keeps when events cross',
      'the convention does not say (6/2 only says order is not guaranteed); only acknowledgement and processing are judged',
    );
    for (const [what, outcome] of [
      ['an update that arrived before its create', update],
      ['the create that arrived after its update', create],
    ] as const) {
      if (!isAcknowledged(outcome)) {
        return ctx.fail(
          `${what} ${describeOutcome(outcome)}; expected a 2xx (convention 6/2: order is not guaranteed)`,
          {
            expected: '2xx for both events',
            actual: `update ${describeOutcome(update)}, create ${describeOutcome(create)}`,
            exchanges: evidenceOf(update, create),
          },
        );
      }
    }
    const observe = setup.receiver.observe;
    if (observe === undefined) {
      ctx.info(
        'both events were acknowledged; whether the early update was kept is not observable without webhooks.receiver.observe',
      );
      ctx.leaveOut('whether both events were processed', 'webhooks.receiver.observe is not set');
      return ctx.pass();
    }
    const evidence: ExchangeRecord[] = evidenceOf(update, create);
    for (const [what, eventId] of [
      ['early update', updateIds.eventId],
      ['late create', createIds.eventId],
    ] as const) {
      const reading = await waitForProcessing(ctx, observe, eventId, 1);
      evidence.push(reading.record);
      if (reading.kind === 'unreadable') return ctx.fail(describeUnreadable(reading), { exchanges: evidence });
      if (reading.count === 0) {
        return ctx.fail(
          `the ${what} was acknowledged but never processed (processed count 0 after the processing window); expected it kept`,
          {
            expected: 'processed count 1',
            actual: 'processed count 0',
            exchanges: evidence,
          },
        );
      }
    }
    return ctx.pass();
  },
});
