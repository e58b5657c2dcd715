import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { profileOf } from '../../harness/model/signature-profiles/profile-of-role.js';
import { displayHeaderName } from '../../harness/model/signature-profiles/signature-profile.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, describeMissing } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

// Convention 2 and 6/1 in a profile with an id header (webhooks.sender.profile github,
// standard-webhooks, shopify, or a custom one): receivers built on those schemes deduplicate by the
// header, so it must carry the event's id, the body's "id", on the first attempt and on every retry.
// Skipped in profiles without one.
export const idHeaderMatchesBody = defineCheck({
  id: 'webhooks-sender.id-header-matches-body',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '2, 6/1',
  level: 'normative',
  leavesOpen: 'Whether a profile has an id header is the profile\'s (webhooks.sender.profile); the convention\'s X-Signature and Stripe\'s have none.',
  title: 'The profile\'s id header carries the body\'s event id, on the first attempt and on its retry',
  proves:
    'In a profile with an id header, the first delivery of an event and its retry after a failed attempt both carry that header, equal to the body\'s "id".',
  covers: 'the id header of the first attempt and the retry of the event that creating a record of webhooks.sender.collection sends, the first attempt answered 500',
  probes: ['an id header with a message id of the sender\'s own, not the event\'s', 'an id header that changes on a retry while the body keeps its id', 'no id header'],
  provenBy: ['sender-id-header-not-event-id', 'sender-id-header-changes-on-retry'],
  async run(ctx) {
    const sender = ctx.config.webhooks.sender;
    if (sender === undefined) return ctx.skip('no webhook sender is configured (add "webhooks.sender" to the config)');
    const profile = profileOf(sender);
    const idHeader = profile.idHeader;
    if (idHeader === undefined) return ctx.skip(`the ${profile.name} profile has no id header (webhooks.sender.profile); the body's id is the only one`);
    const header = displayHeaderName(idHeader);
    return withSubscription(ctx, { kind: 'fail-first', failures: 1 }, async ({ collection, channel }) => {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const attempts = await awaitDeliveriesAbout(ctx, channel, created.id, { count: 2, sameEventAsFirst: true });
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      if (attempts.length === 0) {
        return ctx.fail(`no delivery to read ${header} from: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
          expected: `a delivery within ${sender.retryWindowMs} ms`,
          actual: 'none',
          exchanges: evidence(),
        });
      }
      const mismatches = attempts.flatMap((attempt, index) => {
        const problem = describeMismatch(attempt, idHeader, header);
        return problem === undefined ? [] : [`${index === 0 ? 'the first attempt' : 'the retry'}: ${problem}`];
      });
      ctx.cover(`${header} of the first attempt of the event a create of ${collection.path} sends`);
      if (mismatches.length > 0) {
        return ctx.fail(`${header} is not the event's id: ${mismatches.join('; ')}`, {
          expected: `${header} equal to the body's "id" on every attempt (receivers of the ${profile.name} scheme deduplicate by it)`,
          actual: mismatches.join('; '),
          exchanges: evidence(),
        });
      }
      if (attempts.length < 2) {
        return ctx.incomplete(`the first attempt was answered 500, but no retry arrived within ${sender.retryWindowMs} ms, so ${header} of a retry was not seen (webhooks-sender.retry-after-failure judges the retry itself)`);
      }
      ctx.cover(`${header} of its retry after a 500`);
      return ctx.pass();
    });
  },
});

function describeMismatch(delivery: SinkDelivery, idHeader: string, header: string): string | undefined {
  const value = delivery.headers[idHeader];
  if (delivery.eventId === undefined) return `the body has no string "id" to compare ${header} with`;
  if (value === undefined) return `no ${header} header`;
  if (value !== delivery.eventId) return `${header} is ${JSON.stringify(value.slice(0, 80))}, the body's id ${JSON.stringify(delivery.eventId.slice(0, 80))}`;
  return undefined;
}
