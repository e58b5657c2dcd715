import type { CheckContext } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeSequences } from '../internal/judge-sequences.js';
import {
  deliverySequenceArbitrary,
  burstSizes,
  fixedDeliverySequences,
  pauses,
  type DeliveryStep,
} from './internal/delivery-sequences.js';
import { failingForgeryKinds } from './internal/forged-deliveries.js';
import { readReceiverSetup, type ReceiverSetup } from './internal/receiver-setup.js';
import { runDeliverySequence } from './internal/run-delivery-sequence.js';
import { nowInSeconds } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';
import { observeOrSkip, processingWindowMs, type ObserveConfig } from './internal/observe-processing.js';

const shrinkWindowMs = 1000;

// Convention 6/1, 5/4 and 4.3 judged where deliveries meet: a model of the events the kit sent
// predicts every processed count the receiver shows, after sequences of new events, events again
// (the same bytes or re-serialized, at once or after a pause), copies at once, forged deliveries of
// new and known events and the genuine delivery of an event first seen forged. Fixed sequences
// first, one per way a receiver is known to break there; then generated ones, shrunk by fast-check.
export const modelConsistency = defineCheck({
  id: 'webhooks-receiver.model-consistency',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 5/4, 6/1, 6/2',
  level: 'normative',
  leavesOpen:
    'How processing can be observed (not shown): webhooks.receiver.observe; without it the check is skipped. What a receiver answers a repeat or a forgery (redelivery-acknowledged and unverified-delivery-refused judge that): only what it processed is judged here.',
  title: 'What a receiver processes, over sequences of deliveries, agrees with a model of what was sent',
  proves:
    'Over four fixed sequences and webhooks.receiver.modelRuns generated ones of up to modelSteps steps: every event delivered validly and acknowledged is processed exactly once, whatever came between (other events, the same event again in any form and after any pause, copies at once, an update before its create, forged deliveries of it); an event only ever sent with a signature that does not verify is never processed, and its genuine delivery after the forged one is.',
  covers:
    'the receiver endpoint and its processed counts (webhooks.receiver.observe) under sequences of deliveries; the step kinds, forgeries, re-serializations and pauses drawn are listed',
  probes: [
    'an event processed again: at once, after others, re-serialized, after a pause, as two copies at once',
    'a second event about a record taken for a repeat of the first',
    'a delivery that does not verify processed',
    'a dedupe memory that keeps only the last few event ids',
    'an event id marked seen before its signature is verified, so a forged delivery suppresses the genuine one',
  ],
  provenBy: [
    'receiver-dedupe-remembers-few',
    'receiver-marks-seen-before-verifying',
    'receiver-no-dedupe',
    'receiver-dedupes-by-body-hash',
    'receiver-remembers-last-id-only',
    'receiver-dedupe-forgets-quickly',
    'receiver-dedupes-by-record',
    'receiver-dedupe-not-atomic',
    'receiver-skips-verification',
  ],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const observe = observeOrSkip(ctx, setup.receiver.observe, 'judge what the receiver processed');
    if ('status' in observe) return observe;
    // A receiver that takes no valid delivery gives the model nothing to predict: blocked, as the
    // refusal checks are, by the check that judges that.
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'sequences of deliveries');
    if (blocked !== undefined) return blocked;
    return judgeReceiver(ctx, setup, observe);
  },
});

async function judgeReceiver(ctx: CheckContext, setup: ReceiverSetup, observe: ObserveConfig) {
  const { modelRuns, modelSteps } = setup.receiver;
  const drawn = new Set<string>();
  const kinds = failingForgeryKinds(setup, nowInSeconds());
  const wrongSecret = Math.max(
    0,
    kinds.findIndex((kind) => kind.name === 'wrong-secret'),
  );
  let stepsRun = 0;
  let lagging = 0;
  let stepsCut = 0;
  let eventsJudged = 0;
  // Steps are sent until 40 % of the check's time budget: a slow receiver is judged on fewer of them
  // (a step under way goes on, readings and a failure's shrinking take the rest).
  const stepsUntil = ctx.now() + (ctx.timeBudgetMs - ctx.now()) * 0.4;
  const failure = await judgeSequences(ctx, {
    where: '',
    fixed: fixedDeliverySequences(wrongSecret),
    stepsOf: (steps: readonly DeliveryStep[]) => steps,
    withSteps: (_steps, kept) => [...kept],
    arbitrary: deliverySequenceArbitrary(modelSteps),
    runs: modelRuns,
    // A shrink candidate waits a second for processing, not five: its breach only steers the
    // shrinking, and the shrunk sequence shown is run again with the full window.
    run: async (steps, mode) => {
      const window = mode === 'shrink' ? shrinkWindowMs : processingWindowMs;
      const outcome = await runDeliverySequence(ctx, setup, observe, steps, drawn, {
        processingWindowMs: window,
        stepsUntil,
      });
      stepsRun += outcome.sent;
      lagging += outcome.lagging;
      stepsCut += outcome.cut;
      eventsJudged += outcome.judged;
      return outcome;
    },
  });
  if (failure !== undefined) return failure;
  ctx.info(`${stepsRun} steps sent in ${4 + modelRuns} sequences (4 fixed, ${modelRuns} generated)`);
  if (lagging > 0)
    ctx.leaveOut(
      `${lagging} acknowledged event(s) read as not processed`,
      'the receiver had processed no event acknowledged after them either, within 5 s: a backlog, not a loss, as far as the kit can tell',
    );
  if (eventsJudged === 0)
    return ctx.incomplete(
      'no acknowledged event of the sequences was read back as processed: nothing was judged (check webhooks.receiver.observe: its URL and pointer must count each event the receiver processed)',
    );
  if (stepsCut > 0)
    ctx.leaveOut(
      `${stepsCut} step(s) of the sequences`,
      'not sent: the receiver answered so slowly that the check’s time budget (budgets.checkTimeoutMs) ran short; what was sent was judged',
    );
  const domain: (readonly [string, string])[] = [
    ...['send', 'again', 'copies', 'burst', 'forged', 'genuine', 'pause', 'observe'].map(
      (kind) => [kind, `step: ${kind}`] as const,
    ),
    ...['same-bytes', 'keys-reordered', 'pretty-printed'].map(
      (form) => [`again ${form}`, `an event again, ${form}`] as const,
    ),
    ...pauses.map((ms) => [`pause ${ms}`, `a pause of ${ms} ms`] as const),
    ...burstSizes.map((count) => [`burst ${count}`, `a burst of ${count} new events at once`] as const),
    ...kinds.map((kind) => [`forgery ${kind.name}`, `a forged delivery ${kind.description}`] as const),
  ];
  for (const [key, what] of domain) {
    if (drawn.has(key)) ctx.cover(what);
    else
      ctx.leaveOut(
        what,
        `not drawn by this seed's sequences (seed ${ctx.seed}); more webhooks.receiver.modelRuns may draw it`,
      );
  }
  return ctx.pass();
}
