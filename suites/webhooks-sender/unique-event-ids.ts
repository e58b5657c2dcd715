import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { isSuccess } from '../internal/answer-shape.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, lastSequence } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';
import { updateRecord } from './internal/update-record.js';

// Convention 2 and 6/1: the id identifies the event and receivers deduplicate by it, so two distinct
// events (a create then an update of one record, and creates of two records) must never share one.
export const uniqueEventIds = defineCheck({
  id: 'webhooks-sender.unique-event-ids',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '2, 6/1',
  level: 'normative',
  title: 'Distinct events carry distinct ids',
  proves:
    'The create and the update of one record, and the create of a second record, arrive with three different event ids.',
  covers:
    'the ids of three distinct events of webhooks.sender.collection: the create and the update of one record, and the create of a second record',
  probes: [
    "an id derived from the record, so one record's events share it",
    'an id reused across records (a constant, or a counter that restarts)',
  ],
  provenBy: ['event-ids-reused'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'accept' }, async ({ sender, collection, channel }) => {
      const events: Array<{ readonly label: string; readonly delivery: SinkDelivery }> = [];
      const missing: string[] = [];
      const observe = async (
        label: string,
        recordId: string | number,
        afterSequence: number,
        isFirstOfCreate = false,
      ): Promise<void> => {
        // A late redelivery of an earlier event is allowed (6/1) and is not the next event.
        const seen = events.map((event) => event.delivery);
        const [delivery] = await awaitDeliveriesAbout(ctx, channel, recordId, {
          afterSequence,
          unlike: seen,
          isFirstOfCreate,
        });
        if (delivery === undefined) missing.push(label);
        else events.push({ label, delivery });
      };

      const first = await createRecord(ctx, collection);
      if (!first.ok) return first.outcome;
      await observe(`the create of ${first.id}`, first.id, 0, true);
      let mark = lastSequence(channel);
      // A create that sent no event within the window: its record's update is not waited for too.
      const update =
        events.length === 0
          ? { sent: false as const, why: 'the create of that record sent no event within the window' }
          : await updateRecord(ctx, collection, first);
      if (!update.sent) ctx.leaveOut('the event id of the update of that record', update.why);
      else if (isSuccess(update.response.status)) await observe(`the update of ${first.id}`, first.id, mark);
      else missing.push(`the update of ${first.id} (it answered ${update.response.status})`);
      mark = lastSequence(channel);
      const second = await createRecord(ctx, collection);
      if (!second.ok) return second.outcome;
      await observe(`the create of ${second.id}`, second.id, mark, true);

      const surfaces = new Map([
        [`the create of ${first.id}`, 'the create of one record'],
        [`the update of ${first.id}`, 'the update of that record'],
        [`the create of ${second.id}`, 'the create of a second record'],
      ]);
      for (const { label } of events) ctx.cover(`the event id of ${surfaces.get(label) ?? label}`);
      ctx.leaveOut(
        'the id of a delete event',
        'not triggered: three events already show whether an id follows the record, the operation or neither',
      );
      if (missing.length > 0)
        ctx.info(
          `no event arrived within ${sender.retryWindowMs} ms for ${missing.join(', ')}; compared the others only`,
        );
      const withIds = events.flatMap(({ label, delivery }) => {
        const id = delivery.eventId;
        return id !== undefined ? [{ label, id }] : [];
      });
      if (withIds.length < 2) {
        // Nothing to compare because the sender was seen silent: blocked on that, as the others are.
        const blocked = missing.length > 0 ? blockedBySilence(ctx) : undefined;
        if (blocked !== undefined) return blocked;
        return ctx.skip(
          `fewer than two events with a string id arrived within ${sender.retryWindowMs} ms, so ids cannot be compared (see webhooks-sender.delivery-shape)`,
        );
      }
      const clashes = withIds.flatMap((event, index) =>
        withIds
          .slice(index + 1)
          .filter((other) => other.id === event.id)
          .map((other) => `${event.label} and ${other.label} both carry id ${JSON.stringify(event.id)}`),
      );
      if (clashes.length === 0) return ctx.pass();
      return ctx.fail(
        `distinct events share an event id, so a receiver would drop one as a duplicate: ${clashes.join('; ')}`,
        {
          expected: 'a different id for every distinct event',
          actual: withIds.map((event) => `${event.label}: ${event.id}`).join('; '),
          exchanges: mergeEvidence(ctx.exchanges, channel.records()),
        },
      );
    });
  },
});
