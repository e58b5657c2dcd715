import type { SinkDelivery } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { settledInOrder } from '../internal/map-in-parallel.js';
import { blockedBySilence, heardAfterSilence } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { describeFailure, probedFailures } from './internal/failure-kinds.js';
import { describeRetryProblems, isEveryFailureRetried, pairRetries } from './internal/retry-pairs.js';
import { withSubscription } from './internal/sender-setup.js';

const probedLabels = probedFailures.map(describeFailure);

// Convention 7/2: a receiver that does not answer 2xx causes a retry, whatever it answered instead
// (the domain is in internal/failure-kinds.ts); 6/1 and 6/3: the retry comes within the retry
// window as the same event, same id and same bytes, so receivers can deduplicate it. One record
// per kind of failure, all created at once: the sink fails the first attempt of each event in the
// next way, so every kind is retried in the same interval instead of one interval per kind.
export const retryAfterFailure = defineCheck({
  id: 'webhooks-sender.retry-after-failure',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/1, 6/3, 7/2',
  level: 'normative',
  leavesOpen:
    'The retry schedule and window (6: not shown): any retry within webhooks.sender.retryWindowMs. Following a 3xx back to the registered URL counts as that retry.',
  title:
    'A delivery answered with anything but a 2xx, or with no answer, is retried with the same id and the same body',
  proves:
    'When the subscriber answers the first attempt of an event 5xx, 429, another 4xx or a 3xx, or ends the connection without an answer, the sender delivers the event again within the retry window, with the same event id and byte-identical body.',
  covers:
    "the first delivery attempt of the events that creating records of webhooks.sender.collection emits, one event failed in each probed way, all created at once (as many in flight as target.concurrency allows); other operations' events fail the same way and are not probed again",
  probes: [
    'a 5xx answer not retried (500, 502, 503, 504)',
    'a 429 answer not retried',
    'another 4xx answer taken as final (400, 401, 404, 410)',
    'a 3xx answer taken as delivered (a 307 back to the registered URL)',
    'a connection closed or reset without an answer taken as delivered',
    'the retry carries a new event id',
    'the retry keeps the id but changes the body bytes',
  ],
  provenBy: [
    'retry-with-new-id',
    'retry-changes-body',
    'no-retry',
    'no-retry-on-4xx',
    'no-retry-on-connection-reset',
    'redirect-taken-as-delivered',
  ],
  async run(ctx) {
    return withSubscription(
      ctx,
      { kind: 'fail-first-each', failures: probedFailures },
      async ({ sender, collection, channel }) => {
        // The creates at once (the run's limit on requests in flight paces them): the events fail side
        // by side, and a distant target costs one round trip, not one per kind. Whichever arrives
        // first gets the first failure. Every record made is tracked for clean-up; the first problem
        // in create order is the verdict.
        const created = await settledInOrder(probedFailures.map(() => createRecord(ctx, collection)));
        const recordIds: string[] = [];
        for (const creation of created) {
          if (!creation.ok) return creation.outcome;
          recordIds.push(String(creation.id));
        }
        channel.watch(recordIds);
        // A sender seen silent on a create gets a short wait for these creates' events, as the other
        // checks do: a flood of foreign events is no reason to wait the whole window again.
        if (!(await heardAfterSilence(ctx, channel, recordIds))) return blockedBySilence(ctx)!;
        ctx.progress(
          `waiting up to ${sender.retryWindowMs} ms for ${probedLabels.length} failed deliveries and their retries`,
        );
        // Re-pairs every delivery on each wake: linear in the channel's log, which the sink caps at
        // 1000 deliveries, so even a flood costs a bounded amount of work.
        const everyRetried = (deliveries: readonly SinkDelivery[]): boolean =>
          isEveryFailureRetried(pairRetries(deliveries, recordIds), probedLabels);
        await channel.waitFor(everyRetried, sender.retryWindowMs, ctx.signal);
        // Each failure gets a whole window from its own first attempt: a sender that delivers one event
        // at a time sends some first attempts late. Bounded: at most one more window in all.
        const lateDeadline = Math.max(
          0,
          ...pairRetries(channel.deliveries(), recordIds)
            .filter((pair) => pair.retry === undefined)
            .map((pair) => pair.first.receivedAtMs + sender.retryWindowMs),
        );
        const extraMs = Math.min(sender.retryWindowMs, lateDeadline - performance.now());
        if (extraMs > 0) await channel.waitFor(everyRetried, extraMs, ctx.signal);
        const deliveries = channel.deliveries();
        const pairs = pairRetries(deliveries, recordIds);
        const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
        if (pairs.length === 0) {
          const arrived =
            deliveries.length === 0
              ? 'nothing arrived'
              : `${deliveries.length} arrived, none a first attempt the sink could fail`;
          return ctx.fail(
            `no delivery to fail: no event within ${sender.retryWindowMs} ms of creating ${recordIds.length} records (${arrived})`,
            {
              expected: `a delivery within ${sender.retryWindowMs} ms`,
              actual: 'none',
              exchanges: evidence(),
            },
          );
        }
        for (const pair of pairs) ctx.cover(`retry after ${pair.failure}`);
        const drawn = new Set(pairs.map((pair) => pair.failure));
        for (const label of probedLabels.filter((candidate) => !drawn.has(candidate))) {
          ctx.leaveOut(
            `retry after ${label}`,
            `only ${drawn.size} events arrived within ${sender.retryWindowMs} ms of creating ${recordIds.length} records, so none was failed this way (whether every create emits an event is webhooks-sender.events-per-operation's to judge)`,
          );
        }
        ctx.leaveOut(
          'retry after no answer in time',
          'webhooks-sender.retry-after-timeout judges it (the sink holds the answer past webhooks.sender.senderTimeoutMs)',
        );
        ctx.leaveOut(
          'retry after the other non-2xx statuses',
          'sampled: the rule draws no line within a class, so each class (3xx, 429, other 4xx, 5xx) is probed with a few statuses',
        );
        const delays = pairs.flatMap((pair) =>
          pair.retry === undefined ? [] : [Math.round(pair.retry.receivedAtMs - pair.first.receivedAtMs)],
        );
        if (delays.length > 0)
          ctx.info(
            `${delays.length} of ${pairs.length} failed deliveries were retried, ${Math.min(...delays)}–${Math.max(...delays)} ms after the failure`,
          );
        const problems = describeRetryProblems(pairs, sender.retryWindowMs);
        if (problems.length === 0) return ctx.pass();
        const retries = pairs.flatMap((pair) =>
          pair.retry === undefined ? [] : [{ first: pair.first, retry: pair.retry }],
        );
        const sameId = retries.filter(({ first, retry }) => retry.eventId === first.eventId);
        const sameBytes = sameId.filter(({ first, retry }) => retry.bodyDigest === first.bodyDigest);
        return ctx.fail(problems.join('; '), {
          expected: `after each of the ${pairs.length} failed attempts, the same event again (same id, same bytes) within ${sender.retryWindowMs} ms`,
          actual: `${retries.length} retried, ${sameId.length} with the same id, ${sameBytes.length} with the same bytes`,
          exchanges: evidence(),
        });
      },
    );
  },
});
