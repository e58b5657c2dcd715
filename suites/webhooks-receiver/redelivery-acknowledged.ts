import { defineCheck } from '../define-check.js';
import { settleMs, waitForProcessing } from './internal/observe-processing.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import {
  outcomesOf,
  redeliveryScenarioDescriptions,
  redeliveryScenarioNames,
  sendRedeliveries,
} from './internal/redelivery-scenarios.js';
import { describeOutcome, evidenceOf, isAcknowledged } from './internal/send-delivery.js';

// Convention 6/1 and 7/2: delivery is at-least-once. A redelivery exists because the sender did
// not see the first answer; refusing it (409 "duplicate", or a 500 from a unique-key clash of two
// copies at once) makes the sender retry until it gives up.
// A repeat seconds later is answered like any other repeat: waiting for it here too would cost the
// receiver suite its seconds twice for nothing redelivery-processed-once does not already see.
const acknowledgedScenarios = redeliveryScenarioNames.filter((name) => name !== 'again-seconds-later');

export const redeliveryAcknowledged = defineCheck({
  id: 'webhooks-receiver.redelivery-acknowledged',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '6/1, 7/2',
  level: 'normative',
  title: 'The same event delivered again, in every way a sender repeats it, is acknowledged each time',
  proves:
    'Every delivery of an event id that arrives again (at once, after another event, re-serialized, as two copies at once, after a delay) gets a 2xx, not 409 or another non-2xx.',
  covers:
    "the receiver endpoint's answer to a repeated event id, in every way 6/1 and 6/3 let one arrive (13 deliveries of 8 events; the one seconds later is processed-once's, which waits for it)",
  probes: acknowledgedScenarios.map((name) => redeliveryScenarioDescriptions[name]),
  provenBy: ['receiver-rejects-duplicate', 'receiver-verifies-reserialized-body'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const started = ctx.now();
    const observe = setup.receiver.observe;
    // "After a delay": once the first arrival was processed, when that can be seen; else a fixed
    // wait past its answer. A reading that fails is processed-once's to report, not this check's.
    const runs = await sendRedeliveries(
      ctx,
      setup,
      async (eventId) => {
        const reading = observe === undefined ? undefined : await waitForProcessing(ctx, observe, eventId, 1);
        if (reading?.kind !== 'count' || reading.count < 1)
          await ctx.sleep(Math.max(0, settleMs - (ctx.now() - started)));
      },
      acknowledgedScenarios,
    );
    for (const run of runs) {
      const refused = run.deliveries.find((delivery) => !isAcknowledged(delivery.outcome));
      if (refused !== undefined) {
        const what =
          refused.role === 'repeat'
            ? `a redelivery of the same event id, ${run.description},`
            : `${refused.note}, in ${run.description},`;
        return ctx.fail(
          `${what} ${describeOutcome(refused.outcome)}; expected a 2xx: deduplicate silently, do not refuse`,
          {
            expected: '2xx for every delivery, the repeats too',
            actual: run.deliveries
              .map((delivery) => `${delivery.note}: ${describeOutcome(delivery.outcome)}`)
              .join('; '),
            exchanges: evidenceOf(...outcomesOf(run)),
          },
        );
      }
      ctx.cover(`${run.description}: ${run.deliveries.length} deliveries`);
    }
    return ctx.pass();
  },
});
