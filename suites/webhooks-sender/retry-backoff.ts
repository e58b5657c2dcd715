import { outcomeOfAttempt } from '../../harness/model/check-chart.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { earliestBackoffArrivalsMs, judgeBackoff } from './internal/backoff-schedule.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

/** Attempts the sink fails, so the schedule shows three intervals. */
const FAILED_ATTEMPTS = 3;

// Convention 6/3: the sender retries "often with backoff": often, not always, and the schedule is not
// shown (6). So a schedule whose waits shrink or form a tight loop is advice, never a failure; the
// observed schedule is reported either way.
export const retryBackoff = defineCheck({
  id: 'webhooks-sender.retry-backoff',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/3',
  level: 'advisory',
  title: 'Retries back off: waits between attempts do not shrink and are not a tight loop (advised)',
  proves: `When the subscriber fails ${FAILED_ATTEMPTS} attempts in a row, the schedule of the retries is reported; waits that shrink, or two in a row in a tight loop, are advisory.`,
  leavesOpen:
    'The retry schedule (6: not shown) and whether to back off at all (6/3: "often with backoff"): every schedule passes; one without backoff is an advisory finding.',
  covers: `the waits between the first ${FAILED_ATTEMPTS} retries of the event that creating a record of webhooks.sender.collection sends, every attempt before them answered 503`,
  probes: ['waits that shrink', 'a tight loop: two retries in a row with almost no wait'],
  provenBy: ['retry-without-backoff'],
  async run(ctx) {
    return withSubscription(
      ctx,
      { kind: 'fail-first', failures: FAILED_ATTEMPTS },
      async ({ sender, collection, channel }) => {
        const created = await createRecord(ctx, collection);
        if (!created.ok) return created.outcome;
        const attempts = await awaitDeliveriesAbout(ctx, channel, created.id, {
          count: FAILED_ATTEMPTS + 1,
          sameEventAsFirst: true,
        });
        const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
        if (attempts.length === 0) {
          const blocked = blockedBySilence(ctx);
          if (blocked !== undefined) return blocked;
          return ctx.fail(`no delivery to fail: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
            expected: `a delivery within ${sender.retryWindowMs} ms`,
            actual: 'none',
            exchanges: evidence(),
          });
        }
        if (attempts.length < 2) {
          return ctx.skip(
            `the sender made no retry within ${sender.retryWindowMs} ms, so there is no schedule to judge (see webhooks-sender.retry-after-failure)`,
          );
        }
        ctx.cover(`the waits after ${attempts.length - 1} failed attempts`);
        ctx.leaveOut(
          'the schedule after other failures and the length of the retry window',
          'not shown (6): the schedule of one event shows whether the sender backs off at all',
        );
        const arrivals = attempts.map((attempt) => attempt.receivedAtMs);
        const judgement = judgeBackoff(arrivals);
        // The schedule with the rule's own thresholds beside it: the runner's plain chart of the channel gives way to this one.
        const earliest = earliestBackoffArrivalsMs(arrivals);
        ctx.chart({
          kind: 'deliveries',
          events: [
            {
              id: attempts[0]!.eventId ?? '(no event id)',
              attempts: attempts.map((attempt, index) => ({
                atMs: Math.round(attempt.receivedAtMs - arrivals[0]!),
                ...outcomeOfAttempt(attempt.answer),
                ...(index >= 2
                  ? { backoffFromMs: Math.round(2 * arrivals[index - 1]! - arrivals[index - 2]! - arrivals[0]!) }
                  : {}),
                ...(earliest[index] !== undefined ? { notBeforeMs: Math.round(earliest[index]! - arrivals[0]!) } : {}),
              })),
            },
          ],
          omittedEvents: 0,
        });
        ctx.info(`observed retry schedule: ${judgement.schedule}`);
        if (judgement.problem !== undefined) {
          ctx.advise(
            `retries do not back off: ${judgement.problem}; convention 6/3 retries "often with backoff", which spares a struggling subscriber`,
          );
        }
        return ctx.pass();
      },
    );
  },
});
