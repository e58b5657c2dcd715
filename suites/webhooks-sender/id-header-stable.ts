import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { profileOf } from '../../harness/signing/profile-of-role.js';
import { displayHeaderName } from '../../harness/signing/signature-profile.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

// Convention 6/1 in a profile with an id header (webhooks.sender.profile github, standard-webhooks,
// shopify, or a custom one): receivers built on those schemes deduplicate by the header, so it must
// be there and stay the same when the event is delivered again. Its value is the sender's: the
// body's id, or a message id of its own (Svix's msg_…, GitHub's delivery GUID) that is shown, not
// judged. Skipped in profiles without one.
export const idHeaderStable = defineCheck({
  id: 'webhooks-sender.id-header-stable',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/1',
  level: 'normative',
  leavesOpen:
    "Whether a profile has an id header is the profile's (webhooks.sender.profile); the convention's X-Signature and Stripe's have none. Its value may be the body's id or a message id of the sender's own.",
  title: "The profile's id header is on every attempt and stays the same on a retry",
  proves:
    'In a profile with an id header, the first delivery of an event and its retry after a failed attempt both carry that header, with the same value.',
  covers:
    'the id header of the first attempt and the retry of the event that creating a record of webhooks.sender.collection sends, the first attempt answered 500',
  probes: [
    'no id header',
    'an id header that changes on a retry, so a receiver that dedupes by it processes the event again',
  ],
  provenBy: ['sender-omits-id-header', 'sender-id-header-changes-on-retry'],
  async run(ctx) {
    const sender = ctx.config.webhooks.sender;
    if (sender === undefined) return ctx.skip('no webhook sender is configured (add "webhooks.sender" to the config)');
    const profile = profileOf(sender);
    const idHeader = profile.idHeader;
    if (idHeader === undefined)
      return ctx.skip(
        `the ${profile.name} profile has no id header (webhooks.sender.profile); the body's id is the only one`,
      );
    const header = displayHeaderName(idHeader);
    return withSubscription(ctx, { kind: 'fail-first', failures: 1 }, async ({ collection, channel }) => {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const attempts = await awaitDeliveriesAbout(ctx, channel, created.id, { count: 2, sameEventAsFirst: true });
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      const [first, retry] = attempts;
      if (first === undefined) {
        const blocked = blockedBySilence(ctx);
        if (blocked !== undefined) return blocked;
        return ctx.fail(
          `no delivery to read ${header} from: ${describeMissing(channel, created.id, sender.retryWindowMs)}`,
          {
            expected: `a delivery within ${sender.retryWindowMs} ms`,
            actual: 'none',
            exchanges: evidence(),
          },
        );
      }
      ctx.cover(`${header} of the first attempt of the event a create of ${collection.path} sends`);
      const missing = attempts.flatMap((attempt, index) =>
        attempt.headers[idHeader] === undefined ? [index === 0 ? 'the first attempt' : 'the retry'] : [],
      );
      if (missing.length > 0) {
        return ctx.fail(
          `no ${header} header on ${missing.join(' or ')}: receivers of the ${profile.name} scheme deduplicate by it`,
          {
            expected: `${header} on every attempt`,
            actual: `none on ${missing.join(' and ')}`,
            exchanges: evidence(),
          },
        );
      }
      describeValue(ctx, first, idHeader, header);
      if (retry === undefined) {
        return ctx.incomplete(
          `the first attempt was answered 500, but no retry arrived within ${sender.retryWindowMs} ms, so ${header} of a retry was not seen (webhooks-sender.retry-after-failure judges the retry itself)`,
        );
      }
      ctx.cover(`${header} of its retry after a 500`);
      // Whole values: the runner redacts what is secret before it cuts what is long.
      if (retry.headers[idHeader] !== first.headers[idHeader]) {
        return ctx.fail(
          `${header} changed on the retry: ${JSON.stringify(first.headers[idHeader])} on the first attempt, ${JSON.stringify(retry.headers[idHeader])} on the retry; a receiver that dedupes by it processes the event twice`,
          {
            expected: `the same ${header} on every attempt of one event`,
            actual: 'a new value on the retry',
            exchanges: evidence(),
          },
        );
      }
      return ctx.pass();
    });
  },
});

function describeValue(
  ctx: { info(message: string): void },
  delivery: SinkDelivery,
  idHeader: string,
  header: string,
): void {
  const value = delivery.headers[idHeader];
  if (value !== undefined && delivery.eventId !== undefined && value !== delivery.eventId) {
    ctx.info(
      `${header} carries a message id of the sender's own, not the body's "id": receivers may dedupe by either, as each stays the same across retries`,
    );
  }
}
