import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, describeMissing } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

/** The status the sink answers the first attempt with. */
const FAILURE_STATUS = 503;

// Convention 6/1 and 6/3: delivery is at-least-once and receivers deduplicate by id, so a delivery
// answered 5xx comes again within the retry window, as the same event: same id, same bytes.
export const retryAfterFailure = defineCheck({
  id: 'webhooks-sender.retry-after-failure',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/1, 6/3',
  level: 'normative',
  leavesOpen: 'The retry schedule and window (6: not shown): any retry within webhooks.sender.retryWindowMs.',
  title: 'A delivery answered 5xx is retried with the same id and the same body',
  proves: 'When the subscriber answers 503, the sender delivers the event again within the retry window, with the same event id and byte-identical body.',
  provenBy: ['retry-with-new-id', 'retry-changes-body', 'no-retry'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'fail-first', failures: 1, status: FAILURE_STATUS }, async ({ sender, collection, channel }) => {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const attempts = await awaitDeliveriesAbout(ctx, channel, created.id, { count: 2, sameEventAsFirst: true });
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      const [first, retry] = attempts;
      if (first === undefined) {
        return ctx.fail(`no delivery to fail: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
          expected: `a delivery within ${sender.retryWindowMs} ms`,
          actual: 'none',
          exchanges: evidence(),
        });
      }
      if (retry === undefined) {
        return ctx.fail(`the delivery answered ${FAILURE_STATUS} was not retried within ${sender.retryWindowMs} ms (webhooks.sender.retryWindowMs)`, {
          expected: `a second attempt of the event within ${sender.retryWindowMs} ms`,
          actual: '1 attempt',
          exchanges: evidence(),
        });
      }
      ctx.info(`the retry arrived ${Math.round(retry.receivedAtMs - first.receivedAtMs)} ms after the ${FAILURE_STATUS}`);
      if (retry.eventId !== first.eventId) {
        return ctx.fail(
          `the retry carries a new event id (${JSON.stringify(retry.eventId ?? null)} after ${JSON.stringify(first.eventId ?? null)}), so receivers cannot deduplicate it`,
          { expected: `id ${JSON.stringify(first.eventId ?? null)} again`, actual: `id ${JSON.stringify(retry.eventId ?? null)}`, exchanges: evidence() },
        );
      }
      // Compared by digest: the sink may have dropped either body past its byte cap.
      if (retry.bodyDigest !== first.bodyDigest) {
        return ctx.fail(`the retry keeps the id but changes the body (${describeByteDifference(first, retry)})`, {
          expected: `the same ${first.bodyBytes} bytes again`,
          actual: `${retry.bodyBytes} bytes, ${describeByteDifference(first, retry)}`,
          exchanges: evidence(),
        });
      }
      return ctx.pass();
    });
  },
});

function describeByteDifference(first: SinkDelivery, retry: SinkDelivery): string {
  if (first.isBodyDropped || retry.isBodyDropped) return 'its SHA-256 differs; the sink dropped the bytes past its cap, so where is not shown';
  const [a, b] = [first.body, retry.body];
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a[at] === b[at]) at += 1;
  return `first difference at byte ${at} of ${a.length}`;
}
