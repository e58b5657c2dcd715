import type { ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import {
  describeUnreadable,
  observeOrSkip,
  readProcessedCount,
  settleMs,
  waitForProcessing,
  type ProcessedReading,
} from './internal/observe-processing.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import {
  outcomesOf,
  redeliveryScenarioDescriptions,
  redeliveryScenarioNames,
  sendRedeliveries,
  type ScenarioRun,
} from './internal/redelivery-scenarios.js';
import { describeOutcome, evidenceOf, isAcknowledged } from './internal/send-delivery.js';

// Convention 6/1: receivers deduplicate by id, whatever else differs between two arrivals of an
// event. Only observable through webhooks.receiver.observe: without it the check is skipped,
// never passed on trust. Whether each arrival is acknowledged is redelivery-acknowledged's.
export const redeliveryProcessedOnce = defineCheck({
  id: 'webhooks-receiver.redelivery-processed-once',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '6/1',
  level: 'normative',
  leavesOpen: 'How processing can be observed (not shown): webhooks.receiver.observe; without it the check is skipped.',
  title: 'The same event delivered again, in every way a sender repeats it, is processed once',
  proves:
    'After an event id arrives again (at once, after another event, re-serialized, as two copies at once, after it was processed, seconds later), and after another event about the same record, each event’s processed count read through webhooks.receiver.observe is exactly 1.',
  covers:
    "the receiver's processing of a repeated event id, in every way 6/1 and 6/3 let one arrive (15 deliveries of 9 events)",
  probes: redeliveryScenarioNames.map((name) => redeliveryScenarioDescriptions[name]),
  provenBy: [
    'receiver-no-dedupe',
    'receiver-dedupes-by-body-hash',
    'receiver-remembers-last-id-only',
    'receiver-dedupe-forgets-quickly',
    'receiver-dedupes-by-record',
    'receiver-dedupe-not-atomic',
  ],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const observe = observeOrSkip(ctx, setup.receiver.observe, 'check deduplication');
    if ('status' in observe) return observe;
    // "After a delay" means after the first arrival was processed: a receiver that only dedupes
    // events in flight forgets them then.
    let lateReading: ProcessedReading | undefined;
    const runs = await sendRedeliveries(ctx, setup, async (eventId) => {
      lateReading = await waitForProcessing(ctx, observe, eventId, 1);
    });
    if (lateReading?.kind === 'unreadable')
      return ctx.fail(describeUnreadable(lateReading), { exchanges: [lateReading.record] });
    for (const run of runs) {
      const firsts = run.deliveries.filter((delivery) => delivery.role === 'first' || delivery.role === 'copy');
      if (!firsts.some((delivery) => isAcknowledged(delivery.outcome))) {
        const first = firsts[0]!;
        return ctx.fail(
          `the first delivery of an event ${describeOutcome(first.outcome)}; expected a 2xx before deduplication can be observed`,
          {
            expected: '2xx',
            actual: describeOutcome(first.outcome),
            exchanges: evidenceOf(first.outcome),
          },
        );
      }
    }
    // Processing may run after the answer: wait for each first run, then give a second run time to show.
    for (const run of runs) {
      const reading = await waitForProcessing(ctx, observe, run.eventId, 1);
      if (reading.kind === 'unreadable')
        return ctx.fail(describeUnreadable(reading), {
          exchanges: [...evidenceOf(...outcomesOf(run)), reading.record],
        });
    }
    await ctx.sleep(settleMs);
    for (const run of runs) {
      const reading = await readProcessedCount(ctx, observe, run.eventId);
      const verdict = judgeCount(run, reading);
      if (verdict !== undefined) return ctx.fail(verdict.message, verdict.details);
      ctx.cover(`${run.description}: ${run.deliveries.length} deliveries`);
    }
    return ctx.pass();
  },
});

function judgeCount(
  run: ScenarioRun,
  reading: ProcessedReading,
): { message: string; details: { expected?: string; actual?: string; exchanges: ExchangeRecord[] } } | undefined {
  const exchanges = [...evidenceOf(...outcomesOf(run)), reading.record];
  if (reading.kind === 'unreadable') return { message: describeUnreadable(reading), details: { exchanges } };
  if (reading.count === 1) return undefined;
  const arrivals = run.deliveries.filter((delivery) => delivery.role !== 'other').length;
  return {
    message: `an event sent ${arrivals === 1 ? 'once' : `${arrivals} times`}, ${run.description}, was processed ${reading.count} time(s); expected exactly once (deduplicate by id)`,
    details: { expected: 'processed count 1', actual: `processed count ${reading.count}`, exchanges },
  };
}
