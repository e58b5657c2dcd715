import type {
  CheckContext,
  CheckOutcome,
  CollectionConfig,
  SinkChannel,
  SinkDelivery,
} from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, describeMissing } from './internal/await-deliveries.js';
import { deliveriesAbout } from './internal/delivery-body.js';
import { withSubscription } from './internal/sender-setup.js';
import { describeTimings, isWriteHeld, MIN_HELD_MS, type HeldWriteSample } from './internal/write-hold.js';

/** The longest the sink holds a delivery: far above an API's latency, short enough for a run. */
const MAX_HOLD_MS = 2000;

/** Creates timed with a prompt subscriber; the fastest is the baseline, so one slow create cannot hide a hold. */
const BASELINE_CREATES = 2;

/** Creates timed against a held delivery at most: one that looks held is timed again, and only a hold seen each time is advice. */
const HELD_CREATES = 2;

/** Time beyond the hold for the sink to settle the held delivery (it always does by then). */
const SETTLE_MARGIN_MS = 2000;

type Timed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly outcome: CheckOutcome };

// Not a stated rule: convention 4.3 has the subscriber answer quickly and process afterwards, and 6/3
// has the sender time out and retry, so nothing forbids a write that waits for its delivery. But such
// a write hands every API client the latency of the slowest subscriber, so it is advice. The sink holds
// its answer up to webhooks.sender.senderTimeoutMs: a sender that waits no longer than its time-out
// holds the write that long at most, and a longer hold would prove no more. A loaded machine can slow
// one create as much as a hold does, hence the fastest of several baselines and a second timing.
export const writeNotHeldByDelivery = defineCheck({
  id: 'webhooks-sender.write-not-held-by-delivery',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '4.3, 6/3',
  level: 'advisory',
  title: 'An API write does not wait for the webhook delivery it triggers (advised)',
  proves: `While the subscriber holds its answer to a delivery for webhooks.sender.senderTimeoutMs (at most ${MAX_HOLD_MS} ms), the create that triggered it is timed against creates with a prompt subscriber; a create that answers only once the delivery ends is advisory.`,
  leavesOpen:
    'Whether a write may wait for the delivery it triggers (not stated: 4.3 has the subscriber answer quickly, 6/3 has the sender time out and retry): every write passes; one held by its delivery is an advisory finding.',
  covers:
    'the latency of creates of webhooks.sender.collection, with a prompt subscriber and while the subscriber holds the delivery each triggers',
  probes: ['a create that answers only once the delivery attempt it triggers has ended'],
  provenBy: ['delivery-blocks-response'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'accept' }, async ({ sender, collection, channel }) => {
      const baseline = await timeBaseline(ctx, channel, collection, sender.retryWindowMs);
      if (!baseline.ok) return baseline.outcome;
      const holdMs = Math.min(sender.senderTimeoutMs, MAX_HOLD_MS);
      channel.setScript({ kind: 'hold-first', holds: 1, holdMs, afterHold: 'answer' });
      const samples: HeldWriteSample[] = [];
      while (samples.length < HELD_CREATES && samples.every((sample) => isWriteHeld(sample, baseline.value))) {
        const sample = await timeHeldWrite(ctx, channel, collection, {
          holdMs,
          baselineMs: baseline.value,
          retryWindowMs: sender.retryWindowMs,
        });
        if (!sample.ok) return sample.outcome;
        samples.push(sample.value);
      }
      ctx.cover(`POST ${collection.path}`);
      ctx.leaveOut(
        'updates and deletes',
        'a sender that delivers before it answers does so for every write; the create shows it',
      );
      const timings = `POST ${collection.path} ${describeTimings(samples, baseline.value)}`;
      if (samples.every((sample) => isWriteHeld(sample, baseline.value))) {
        ctx.advise(
          `the create waits for the webhook delivery it triggers: ${timings}, so a slow or hung subscriber slows every API client ` +
            '(not a stated rule; convention 4.3 has the subscriber answer quickly and 6/3 has the sender time out and retry, so delivery can follow the response)',
        );
      } else {
        ctx.info(`the create does not wait for its delivery: ${timings}`);
      }
      return ctx.pass();
    });
  },
});

/** The fastest of BASELINE_CREATES creates whose deliveries the sink answers at once; blocked when none arrives. */
async function timeBaseline(
  ctx: CheckContext,
  channel: SinkChannel,
  collection: CollectionConfig,
  retryWindowMs: number,
): Promise<Timed<number>> {
  let fastestMs = Number.POSITIVE_INFINITY;
  for (let made = 0; made < BASELINE_CREATES; made += 1) {
    const created = await createRecord(ctx, collection);
    if (!created.ok) return created;
    // Waiting for the delivery also keeps it from arriving once the sink holds answers.
    const [delivery] = await awaitDeliveriesAbout(ctx, channel, created.id);
    if (delivery === undefined)
      return { ok: false, outcome: blockedWithoutDelivery(ctx, channel, created.id, retryWindowMs) };
    fastestMs = Math.min(fastestMs, created.response.durationMs);
  }
  return { ok: true, value: fastestMs };
}

/** One create while the sink holds the first attempt of its delivery, with how long that attempt stayed open. */
async function timeHeldWrite(
  ctx: CheckContext,
  channel: SinkChannel,
  collection: CollectionConfig,
  {
    holdMs,
    baselineMs,
    retryWindowMs,
  }: { readonly holdMs: number; readonly baselineMs: number; readonly retryWindowMs: number },
): Promise<Timed<HeldWriteSample>> {
  const created = await createRecord(ctx, collection);
  if (!created.ok) return created;
  const isDeliveryFirst = deliveriesAbout(channel.deliveries(), created.id).length > 0;
  const [delivery] = await awaitDeliveriesAbout(ctx, channel, created.id);
  if (delivery === undefined)
    return { ok: false, outcome: blockedWithoutDelivery(ctx, channel, created.id, retryWindowMs) };
  // The create answered before its delivery even arrived, so it waited for nothing the sink held:
  // the hold need not run out (closing the channel answers it 2xx, so the sender has nothing to retry).
  if (!isDeliveryFirst) return { ok: true, value: { writeMs: created.response.durationMs, isDeliveryFirst } };
  const answerOf = (deliveries: readonly SinkDelivery[]) => deliveries[delivery.sequence - 1]?.answer;
  // The create answered while the sink still held its delivery, no slower than a prompt one: it
  // waited for none of the hold, which need not run out either (closing the channel answers it 2xx).
  const writeMs = created.response.durationMs;
  if (answerOf(channel.deliveries())?.state === 'pending' && writeMs - baselineMs < MIN_HELD_MS)
    return { ok: true, value: { writeMs, isDeliveryFirst } };
  await channel.waitFor(
    (deliveries) => answerOf(deliveries)?.state !== 'pending',
    holdMs + SETTLE_MARGIN_MS,
    ctx.signal,
  );
  const answer = answerOf(channel.deliveries());
  // Only a check stopped mid-wait leaves it pending; the sink's hold is then the best measure.
  const deliveryOpenMs = answer === undefined || answer.state === 'pending' ? holdMs : answer.afterMs;
  return { ok: true, value: { writeMs: created.response.durationMs, isDeliveryFirst, deliveryOpenMs } };
}

function blockedWithoutDelivery(
  ctx: CheckContext,
  channel: SinkChannel,
  recordId: string | number,
  retryWindowMs: number,
): CheckOutcome {
  return ctx.blocked(
    `no delivery to time the create against: ${describeMissing(channel, recordId, retryWindowMs)}`,
    'webhooks-sender.delivery-shape',
  );
}
