import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { isSuccess } from '../internal/answer-shape.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, lastSequence } from './internal/await-deliveries.js';
import { eventNameOf } from './internal/delivery-body.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';
import { updateRecord } from './internal/update-record.js';
import { declaredNotOffered, isOffered, isUndeclaredNotOffered } from '../internal/operations-offered.js';

type Operation = 'create' | 'update' | 'delete';

// Convention 1 and 6: the service sends callbacks; which operation emits which event kind is not
// shown (6). The config's sender collection is declared to emit on create, so a create without an
// event fails. An update or delete without an event, or two operations sharing a name, is advice,
// unless webhooks.sender.events pins that operation's name: then it must arrive with that name.
export const eventsPerOperation = defineCheck({
  id: 'webhooks-sender.events-per-operation',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '1, 2, 6',
  level: 'normative',
  title: 'Creating a record emits an event; update and delete emit their own kinds (advised unless pinned)',
  proves:
    'Creating a record sends a named event; each operation webhooks.sender.events pins sends its pinned name; an update or delete without an event of its own kind is advisory unless pinned.',
  leavesOpen:
    'Which operation emits which event kind (6: not shown): by default only the create must send an event; pin webhooks.sender.events.{create,update,delete} to require each name.',
  covers:
    'create, update (PATCH, or PUT without a patch body) and delete of one record of webhooks.sender.collection: whether each emits an event and under which name; other collections are not configured as senders',
  probes: [
    'a create that emits no event',
    'an update or delete that emits no event (advice unless webhooks.sender.events pins it)',
    'an event without a string "event" name',
    'an event named other than its pin',
    'two operations sharing one event name (advice)',
  ],
  provenBy: ['webhook-type-field', 'no-update-event', 'no-delete-event'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'accept' }, async ({ sender, collection, channel }) => {
      const seen = new Map<Operation, SinkDelivery>();
      const problems: string[] = [];
      const advice: string[] = [];
      // A missing event breaks a pin (or, for create, the config's claim that the collection emits);
      // for an unpinned update or delete it is advice only.
      const missing = (operation: Operation, text: string): void => {
        if (operation === 'create' || sender.events[operation] !== undefined) problems.push(text);
        else
          advice.push(
            `${text}; which operation emits which event is not shown (convention 6), pin webhooks.sender.events.${operation} to require one`,
          );
      };
      const observe = async (
        operation: Operation,
        recordId: string | number,
        afterSequence: number,
        trigger: string,
      ): Promise<void> => {
        // A late redelivery of an earlier event is allowed (6/1) and is not the next operation's event.
        const [delivery] = await awaitDeliveriesAbout(ctx, channel, recordId, {
          afterSequence,
          unlike: [...seen.values()],
          isFirstOfCreate: operation === 'create',
        });
        if (delivery === undefined) missing(operation, `${trigger} emitted no event within ${sender.retryWindowMs} ms`);
        else seen.set(operation, delivery);
      };

      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      await observe('create', created.id, 0, `POST ${collection.path}`);
      // A target that sends nothing on create sends nothing at all: no need to wait twice more.
      if (!seen.has('create')) {
        const blocked = blockedBySilence(ctx);
        if (blocked !== undefined) return blocked;
        return ctx.fail(problems.join('; '), {
          expected: 'an event when a record is created',
          actual: 'no event',
          exchanges: mergeEvidence(ctx.exchanges, channel.records()),
        });
      }

      let mark = lastSequence(channel);
      const update = await updateRecord(ctx, collection, created);
      if (!update.sent) ctx.leaveOut(`the update event of ${collection.path}`, update.why);
      else if (isSuccess(update.response.status)) await observe('update', created.id, mark, update.trigger);
      else
        missing(
          'update',
          `${update.trigger} answered ${update.response.status}, so no update event could be triggered`,
        );

      mark = lastSequence(channel);
      if (isOffered(collection, 'delete')) {
        const removal = await ctx.request({
          method: 'DELETE',
          path: created.memberPath,
          note: 'delete the record to trigger a delete event',
        });
        if (isSuccess(removal.status)) {
          ctx.fixtures.untrack(created.memberPath);
          await observe('delete', created.id, mark, `DELETE ${created.memberPath}`);
        } else if (
          !isUndeclaredNotOffered(ctx, collection, 'delete', `DELETE ${collection.path}/{id}`, removal.status)
        ) {
          missing(
            'delete',
            `DELETE ${created.memberPath} answered ${removal.status}, so no delete event could be triggered`,
          );
        }
      } else {
        ctx.leaveOut(`the delete event of ${collection.path}`, declaredNotOffered(collection, 'delete'));
      }

      for (const operation of seen.keys()) ctx.cover(`the ${operation} event of ${collection.path}`);
      ctx.leaveOut(
        'the events of other collections and related collections',
        'webhooks.sender.collection names the one collection the kit subscribes to and writes',
      );
      const names = new Map<Operation, string | undefined>(
        [...seen].map(([operation, delivery]) => [operation, eventNameOf(delivery)]),
      );
      for (const [operation, name] of names) {
        const pinned = sender.events[operation];
        if (name === undefined) problems.push(`the ${operation} event has no string "event" name`);
        else if (pinned !== undefined && name !== pinned)
          problems.push(
            `the ${operation} event is named ${JSON.stringify(name)}; webhooks.sender.events.${operation} pins ${JSON.stringify(pinned)}`,
          );
      }
      const named = [...names].filter((entry): entry is [Operation, string] => entry[1] !== undefined);
      for (const [index, [operation, name]] of named.entries()) {
        const twin = named.slice(index + 1).find(([, other]) => other === name);
        if (twin !== undefined)
          advice.push(
            `the ${operation} and ${twin[0]} events share the name ${JSON.stringify(name)}; an event names its kind (convention 2)`,
          );
      }
      if (named.length > 0)
        ctx.info(
          `event names seen: ${named.map(([operation, name]) => `${operation} ${JSON.stringify(name)}`).join(', ')}`,
        );
      for (const text of advice) ctx.advise(text);
      if (problems.length === 0) return ctx.pass();
      return ctx.fail(problems.join('; '), {
        expected: `an event on create${describePins(sender.events)}`,
        actual:
          named.length === 0 ? 'no named event' : named.map(([operation, name]) => `${operation}: ${name}`).join(', '),
        exchanges: mergeEvidence(ctx.exchanges, channel.records()),
      });
    });
  },
});

function describePins(events: Readonly<Partial<Record<Operation, string>>>): string {
  const pins = (['create', 'update', 'delete'] as const).filter((operation) => events[operation] !== undefined);
  return pins.length === 0
    ? ''
    : `, and the pinned names (${pins.map((operation) => `${operation} ${JSON.stringify(events[operation])}`).join(', ')})`;
}
