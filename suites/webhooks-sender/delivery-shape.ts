import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { describeDroppedBody } from './internal/delivery-body.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';
import { findShapeProblems } from './internal/shape-problems.js';

// Convention 4.3 and 2: a delivery is a POST of application/json whose body is {event, id, data}
// with event and id strings and data an object. Convention 6/5 asks for an HTTPS receiver URL: a
// plain-HTTP sink is the kit's choice, so it is a warning, never a failure.
export const deliveryShape = defineCheck({
  id: 'webhooks-sender.delivery-shape',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '2, 4.3, 6/5',
  level: 'normative',
  leavesOpen: 'Event names and the fields of data (6: not shown): any string and any object.',
  title: 'A delivery is a JSON POST with event, id and data',
  proves:
    'Creating a record sends the subscriber a POST with Content-Type application/json and a body {event: string, id: string, data: object}.',
  covers:
    'the delivery that creating a record of webhooks.sender.collection sends: its method, Content-Type and the fields event, id and data of its body',
  probes: [
    'a method other than POST',
    'a Content-Type other than application/json',
    'a body that is not a JSON object',
    'no string "event" (the kind under another name)',
    'no non-empty string "id"',
    'no object "data"',
    'a plain-HTTP subscriber URL (a warning: the kit chose it)',
  ],
  provenBy: ['webhook-text-plain', 'webhook-type-field'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'accept' }, async ({ sender, collection, channel }) => {
      if (new URL(channel.url).protocol === 'http:') {
        ctx.warn(
          `the subscriber URL the kit registered is plain HTTP (${new URL(channel.url).origin}); convention 6/5 asks for HTTPS: serve the sink over TLS (webhooks.sender.sink.tls) or give an https webhooks.sender.sink.publicUrl`,
        );
      }
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const [delivery] = await awaitDeliveriesAbout(ctx, channel, created.id);
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      if (delivery === undefined) {
        const blocked = blockedBySilence(ctx);
        if (blocked !== undefined) return blocked;
        return ctx.fail(
          `creating a record sent no event: ${describeMissing(channel, created.id, sender.retryWindowMs)}`,
          {
            expected: `a delivery to the sink within ${sender.retryWindowMs} ms (webhooks.sender.retryWindowMs)`,
            actual: 'none',
            exchanges: evidence(),
          },
        );
      }
      if (delivery.isBodyDropped) return ctx.incomplete(describeDroppedBody(delivery));
      ctx.cover(`the event a create of ${collection.path} sends`);
      ctx.leaveOut(
        'the events of updates, deletes and retries',
        'sampled: one event per run; events-per-operation reads the names of update and delete events, retry-after-failure compares retries byte for byte',
      );
      const problems = findShapeProblems(delivery);
      if (problems.length > 0) {
        return ctx.fail(`the delivery breaks the shape of convention 4.3: ${problems.join('; ')}`, {
          expected: 'POST, Content-Type: application/json, body {"event": string, "id": string, "data": object}',
          actual: problems.join('; '),
          exchanges: evidence(),
        });
      }
      return ctx.pass();
    });
  },
});
