import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, describeMissing } from './internal/await-deliveries.js';
import { judgeBackoff } from './internal/backoff-schedule.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

/** Attempts the sink fails, so the schedule shows three intervals. */
const FAILED_ATTEMPTS = 3;

// Convention 6/3: the sender retries "often with backoff". The schedule is not given, so the rule is
// that waits between attempts do not shrink and are not a tight loop; the observed schedule is
// reported either way.
export const retryBackoff = defineCheck({
  id: 'webhooks-sender.retry-backoff',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '6/3',
  title: 'Retries back off: waits between attempts do not shrink and are not a tight loop',
  proves: `When the subscriber fails ${FAILED_ATTEMPTS} attempts in a row, the waits between the attempts never shrink and no two in a row are a tight loop.`,
  provenBy: ['retry-without-backoff'],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'fail-first', failures: FAILED_ATTEMPTS }, async ({ sender, collection, channel }) => {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const attempts = await awaitDeliveriesAbout(ctx, channel, created.id, { count: FAILED_ATTEMPTS + 1, sameEventAsFirst: true });
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      if (attempts.length === 0) {
        return ctx.fail(`no delivery to fail: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
          expected: `a delivery within ${sender.retryWindowMs} ms`,
          actual: 'none',
          exchanges: evidence(),
        });
      }
      if (attempts.length < 2) {
        return ctx.skip(`the sender made no retry within ${sender.retryWindowMs} ms, so there is no schedule to judge (see webhooks-sender.retry-after-failure)`);
      }
      const judgement = judgeBackoff(attempts.map((attempt) => attempt.receivedAtMs));
      ctx.info(`observed retry schedule: ${judgement.schedule}`);
      if (judgement.problem === undefined) return ctx.pass();
      return ctx.fail(`retries do not back off: ${judgement.problem}`, {
        expected: 'waits between attempts that do not shrink, none a tight loop',
        actual: judgement.schedule,
        exchanges: evidence(),
      });
    });
  },
});
