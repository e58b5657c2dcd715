// Runs one delivery sequence of webhooks-receiver.model-consistency against the receiver and judges
// every reading of a processed count against a model of what was sent: an event delivered validly
// and acknowledged is processed exactly once, however often and however it came again (6/1, 4.3);
// an event only ever sent with a signature that does not verify is never processed (5/4). Readings
// come when a step asks and, for every event, once the sequence ends and processing has settled.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { mapInParallel, settle } from '../../internal/map-in-parallel.js';
import { ModelBreach, sequenceContext } from '../../internal/sequence-breach.js';
import type { SequenceOutcome } from '../../internal/judge-sequences.js';
import { buildBodyVariant } from './body-variants.js';
import type { DeliveryStep } from './delivery-sequences.js';
import { failingForgeryKinds, forgeDelivery } from './forged-deliveries.js';
import { readProcessedCount, settleMs, waitForProcessing, type ObserveConfig } from './observe-processing.js';
import { buildEvent, newEventIds, type ReceiverSetup } from './receiver-setup.js';
import { describeOutcome, isAcknowledged, nowInSeconds, sendDelivery, type DeliveryOutcome } from './send-delivery.js';

/** An event the sequence sent, and what the model holds of it. */
interface ModelEvent {
  readonly eventId: string;
  readonly recordId: string;
  readonly event: Readonly<Record<string, unknown>>;
  /** The compact JSON the event is first sent as. */
  readonly body: string;
  validSent: number;
  /** A valid delivery of it was answered 2xx: the receiver took it, so it must process it once. */
  isAcknowledged: boolean;
  forgedSent: number;
}

// Pauses a sequence makes in all, at most: a drawn pause past it is cut short.
const maxPausesMs = 2000;

/** Runs `steps`; a breach ends it. Throws a harness error (a time-out of the observation, say). */
export async function runDeliverySequence(
  checkCtx: CheckContext,
  setup: ReceiverSetup,
  observe: ObserveConfig,
  steps: readonly DeliveryStep[],
  drawn: Set<string>,
  timing: { readonly processingWindowMs: number; readonly stepsUntil: number },
): Promise<
  SequenceOutcome & { readonly cut: number; readonly judged: number; readonly sent: number; readonly lagging: number }
> {
  const { ctx, exchanges } = sequenceContext(checkCtx);
  const shown: string[] = [];
  const events: ModelEvent[] = [];
  let pausedMs = 0;
  const forgeryKinds = failingForgeryKinds(setup, nowInSeconds());

  const newEvent = (kind: 'create' | 'update', recordId?: string): ModelEvent => {
    const fresh = newEventIds(ctx);
    const ids = recordId === undefined ? fresh : { ...fresh, recordId };
    const event = buildEvent(ctx, setup, kind, ids);
    const model = { ...ids, event, body: JSON.stringify(event), validSent: 0, isAcknowledged: false, forgedSent: 0 };
    events.push(model);
    return model;
  };
  const deliver = async (model: ModelEvent, rawBody: string, note: string): Promise<DeliveryOutcome> => {
    const outcome = await sendDelivery(ctx, setup, { rawBody, note });
    model.validSent += 1;
    if (isAcknowledged(outcome)) model.isAcknowledged = true;
    return outcome;
  };
  const said = (model: ModelEvent, what: string, outcome: DeliveryOutcome): string =>
    `POST ${what} ${model.eventId} (record ${model.recordId}) → ${describeOutcome(outcome)}`;

  const judge = async (model: ModelEvent): Promise<string> => {
    const expected = model.isAcknowledged ? 1 : model.validSent === 0 ? 0 : undefined;
    // A receiver processes after it answers (4.3): an acknowledged event is waited for.
    // Once the receiver was seen processing none of a window's events, later readings wait no more.
    const window = isLagging ? 0 : timing.processingWindowMs;
    const reading =
      expected === 1
        ? await waitForProcessing(ctx, observe, model.eventId, 1, window)
        : await readProcessedCount(ctx, observe, model.eventId);
    if (reading.kind === 'unreadable')
      throw new ModelBreach(
        '4.3',
        `the processed count of ${model.eventId} could not be read: ${reading.reason}`,
        'a whole number',
        reading.reason,
        reading.record,
      );
    const { count } = reading;
    const sent = `sent validly ${model.validSent} time(s)${model.forgedSent > 0 ? ` and forged ${model.forgedSent} time(s)` : ''}`;
    if (expected === 0 && count > 0)
      throw new ModelBreach(
        '5/4',
        `event ${model.eventId}, only ever sent with a signature that does not verify (${model.forgedSent} time(s)), was processed ${count} time(s)`,
        'processed count 0: a delivery that does not verify is rejected',
        `processed count ${count}`,
        reading.record,
      );
    if (count > 1)
      throw new ModelBreach(
        '6/1',
        `event ${model.eventId}, ${sent}, was processed ${count} times`,
        'processed count 1: receivers deduplicate by id',
        `processed count ${count}`,
        reading.record,
      );
    if (expected === 1 && count === 0) {
      // A receiver that queues its work may lag: the event is lost only where the receiver went on
      // to process an event acknowledged after it. Otherwise it is not judged, and said so.
      if (!(await isAnyLaterProcessed(model))) {
        isLagging = true;
        lagging += 1;
        return '0 (not judged: no event acknowledged after it was processed yet, a backlog or an observe URL that never counts)';
      }
      throw new ModelBreach(
        '4.3, 6/1',
        `event ${model.eventId}, ${sent}, was acknowledged but never processed, though events acknowledged after it were`,
        'processed count 1: a delivery acknowledged is processed',
        'processed count 0',
        reading.record,
      );
    }
    if (expected === 1) judged += 1;
    return `${count}${expected === undefined ? ' (not judged: no valid delivery of it was acknowledged)' : ''}`;
  };

  const isAnyLaterProcessed = async (model: ModelEvent): Promise<boolean> => {
    const later = events.slice(events.indexOf(model) + 1).filter((other) => other.isAcknowledged);
    for (const other of later.slice(0, 5)) {
      const reading = await readProcessedCount(ctx, observe, other.eventId);
      if (reading.kind === 'count' && reading.count > 0) return true;
    }
    return false;
  };

  const stepOf = async (step: DeliveryStep): Promise<string> => {
    const text = await stepTextOf(step);
    // A step that found nothing to act on, or a pause cut short, is not claimed in coverage.
    if (!/: none sent yet|: no event was sent forged only|pauses are spent/.test(text)) drawn.add(step.kind);
    return text;
  };
  const stepTextOf = async (step: DeliveryStep): Promise<string> => {
    switch (step.kind) {
      case 'send': {
        const earlier = step.sameRecord && events.length > 0 ? events[step.pick % events.length]!.recordId : undefined;
        const model = newEvent(step.event, earlier);
        return said(
          model,
          `a new ${step.event} event`,
          await deliver(model, model.body, 'a new event of a delivery sequence'),
        );
      }
      case 'again': {
        const sent = events.filter((model) => model.validSent > 0);
        if (sent.length === 0) return 'an event again: none sent yet';
        const model = sent[step.pick % sent.length]!;
        const body = step.form === 'same-bytes' ? model.body : buildBodyVariant(model.event, step.form).text;
        drawn.add(`again ${step.form}`);
        return said(model, `again (${step.form})`, await deliver(model, body, `an event again (${step.form})`));
      }
      case 'copies': {
        const model = newEvent('create');
        const [first, second] = await Promise.all([
          deliver(model, model.body, 'one of two copies at once'),
          deliver(model, model.body, 'the other of two copies at once'),
        ]);
        return `POST two copies at once of ${model.eventId} → ${describeOutcome(first)}, ${describeOutcome(second)}`;
      }
      case 'burst': {
        const burst = Array.from({ length: step.count }, () => newEvent('create'));
        // Sent through the check's own context: a burst's exchanges would crowd a failure's evidence.
        const outcomes = await Promise.all(
          burst.map(async (model) => {
            const note = 'one of a burst of new events';
            const outcome = await sendDelivery(checkCtx, setup, { rawBody: model.body, note });
            model.validSent += 1;
            if (isAcknowledged(outcome)) model.isAcknowledged = true;
            return outcome;
          }),
        );
        const acknowledged = outcomes.filter(isAcknowledged).length;
        drawn.add(`burst ${step.count}`);
        return `POST a burst of ${step.count} new events at once (${burst[0]!.eventId} … ${burst.at(-1)!.eventId}) → ${acknowledged} acknowledged`;
      }
      case 'forged': {
        const kind = forgeryKinds[step.forgery % forgeryKinds.length]!;
        const model = step.known && events.length > 0 ? events[step.pick % events.length]! : newEvent('create');
        const forgery = forgeDelivery(ctx, setup, kind, model.event, model.eventId, nowInSeconds());
        const outcome = await sendDelivery(ctx, setup, {
          rawBody: forgery.rawBody,
          signature: forgery.header === undefined ? 'missing' : { header: forgery.header },
          note: `a delivery ${kind.description}`,
        });
        model.forgedSent += 1;
        drawn.add(`forgery ${kind.name}`);
        return said(model, `a delivery ${kind.description}:`, outcome);
      }
      case 'genuine': {
        const forged = events.filter((model) => model.validSent === 0 && model.forgedSent > 0);
        if (forged.length === 0) return 'a genuine delivery: no event was sent forged only';
        const model = forged[step.pick % forged.length]!;
        return said(
          model,
          'genuinely, after a forged delivery,',
          await deliver(model, model.body, 'the genuine delivery of an event first sent forged'),
        );
      }
      case 'pause': {
        const ms = Math.min(step.ms, maxPausesMs - pausedMs);
        pausedMs += ms;
        if (ms > 0) await ctx.sleep(ms);
        if (ms === step.ms) drawn.add(`pause ${step.ms}`);
        return ms === step.ms
          ? `a pause of ${ms} ms`
          : `a pause of ${ms} ms (of ${step.ms}: the sequence's pauses are spent)`;
      }
      case 'observe': {
        if (events.length === 0) return "an event's processed count: none sent yet";
        const model = events[step.pick % events.length]!;
        shown.push(`GET the processed count of ${model.eventId}`);
        const count = await judge(model);
        shown[shown.length - 1] += ` → ${count}`;
        return '';
      }
    }
  };

  // A receiver that answers slowly makes every step slow: past the deadline no more steps are sent,
  // and what was sent is still judged.
  let cut = 0;
  let sent = 0;
  let isLagging = false;
  let lagging = 0;
  // Readings of acknowledged events that showed them processed once: what the pass rests on.
  let judged = 0;
  try {
    for (const step of steps) {
      if (ctx.now() >= timing.stepsUntil) {
        cut += 1;
        continue;
      }
      const text = await stepOf(step);
      sent += 1;
      if (text !== '') shown.push(text);
    }
    // Every event, once processing has settled: what the model says of it, read at the end.
    await ctx.sleep(settleMs);
    let isBroken = false;
    const readings = await mapInParallel(events, Math.max(1, ctx.config.target.concurrency), (model) =>
      settle(async () => {
        if (isBroken) return 'not read: an earlier reading broke the model';
        try {
          return await judge(model);
        } catch (error) {
          isBroken = true;
          throw error;
        }
      }),
    );
    // Read side by side, told in the order sent: the first breach is the one shown.
    for (const [index, reading] of readings.entries()) {
      shown.push(`GET the processed count of ${events[index]!.eventId} at the end`);
      if ('thrown' in reading) throw reading.thrown;
      shown[shown.length - 1] += ` → ${reading.value}`;
    }
    return { steps: shown, exchanges: [], cut, judged, sent, lagging };
  } catch (error) {
    if (error instanceof ModelBreach)
      return { breach: error, steps: shown, exchanges: [...exchanges], cut, judged, sent, lagging };
    throw error;
  }
}
