import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

/** Extra hold beyond webhooks.sender.senderTimeoutMs, at least this long, so a timely give-up is clear. */
const MIN_HOLD_MARGIN_MS = 500;

// Convention 6/3 and 7/2: a receiver that does not answer 2xx in time causes a retry, so the sender
// must time out (close the connection) and deliver again. The sink holds its first answer past the
// configured sender time-out: a sender that keeps waiting gets a late 2xx and never retries.
export const retryAfterTimeout = defineCheck({
  id: 'webhooks-sender.retry-after-timeout',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/3, 7/2',
  level: 'normative',
  leavesOpen: 'The time-out length (6: not shown): the config tells it (webhooks.sender.senderTimeoutMs).',
  title: 'A delivery the subscriber does not answer in time is timed out and retried',
  proves:
    'When the subscriber holds its answer past webhooks.sender.senderTimeoutMs, the sender gives up on the attempt and delivers the event again within the retry window.',
  covers:
    'the first attempt of the event that creating a record of webhooks.sender.collection sends, held unanswered past webhooks.sender.senderTimeoutMs',
  probes: [
    'a sender with no time-out, which waits and takes the late 2xx',
    'a time-out that is not followed by a retry',
  ],
  provenBy: ['no-sender-timeout', 'no-retry'],
  async run(ctx) {
    const sender = ctx.config.webhooks.sender;
    const timeoutMs = sender?.senderTimeoutMs ?? 0;
    const holdMs = timeoutMs + Math.max(timeoutMs, MIN_HOLD_MARGIN_MS);
    return withSubscription(
      ctx,
      { kind: 'hold-first', holds: 1, holdMs, afterHold: 'answer' },
      async ({ sender, collection, channel }) => {
        const created = await createRecord(ctx, collection);
        if (!created.ok) return created.outcome;
        const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
        const [first] = await awaitDeliveriesAbout(ctx, channel, created.id);
        if (first === undefined) {
          const blocked = blockedBySilence(ctx);
          if (blocked !== undefined) return blocked;
          return ctx.fail(`no delivery to hold: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
            expected: `a delivery within ${sender.retryWindowMs} ms`,
            actual: 'none',
            exchanges: evidence(),
          });
        }
        // The sink settles every held delivery at holdMs at the latest; the margin covers scheduling.
        await channel.waitFor(
          (deliveries) => deliveries[first.sequence - 1]?.answer.state !== 'pending',
          holdMs + 2000,
          ctx.signal,
        );
        const answer = channel.deliveries()[first.sequence - 1]?.answer;
        // Answered at once, not held: it came before the check named its record, while the sink
        // answered others' events 2xx (a target others write to); nothing was held to time out.
        if (answer?.state === 'answered' && !answer.late)
          return ctx.incomplete(
            `the first delivery about record ${String(created.id)} was answered at once, not held: it arrived among others' events before the kit named its record; run again`,
          );
        if (answer?.state === 'answered') {
          return ctx.fail(
            `the sender waited ${Math.round(answer.afterMs)} ms for an answer, past its time-out of ${timeoutMs} ms (webhooks.sender.senderTimeoutMs), and took the late ${answer.status}: a hung subscriber is never retried`,
            {
              expected: `the sender closes the attempt after about ${timeoutMs} ms and retries`,
              actual: `still waiting after ${Math.round(answer.afterMs)} ms`,
              exchanges: evidence(),
            },
          );
        }
        ctx.cover('retry after no answer in time');
        ctx.leaveOut(
          'the id and bytes of the retry',
          'retry-after-failure compares them after every other failure; a time-out is one more way to fail the same attempt',
        );
        if (answer?.state === 'sender-closed')
          ctx.info(`the sender gave up on the held attempt after ${Math.round(answer.afterMs)} ms`);
        const [, retry] = await awaitDeliveriesAbout(ctx, channel, created.id, {
          count: 2,
          timeoutMs: Math.max(0, sender.retryWindowMs - (performance.now() - first.receivedAtMs)),
        });
        if (retry === undefined) {
          return ctx.fail(
            `the sender gave up on the unanswered attempt but did not retry within ${sender.retryWindowMs} ms (webhooks.sender.retryWindowMs)`,
            {
              expected: `a second attempt within ${sender.retryWindowMs} ms of the first`,
              actual: '1 attempt',
              exchanges: evidence(),
            },
          );
        }
        ctx.info(`the retry arrived ${Math.round(retry.receivedAtMs - first.receivedAtMs)} ms after the held attempt`);
        return ctx.pass();
      },
    );
  },
});
