// Every way the same event can arrive again, derived from convention 6/1 ("the same event (same id)
// can arrive more than once, and receivers deduplicate by id") and 6/3 (the sender retries after a
// time-out, often with backoff): the same bytes at once, after other events, after a delay; the same
// JSON written another way (a sender that re-serializes on retry); two copies at once (a retry that
// overtakes a slow first attempt); and once more seconds later. Beside them, another event about the
// same record under its own id, which is no repeat. Each scenario uses events of its own: 15
// deliveries in all, 13 without the one seconds later.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { buildBodyVariant } from './body-variants.js';
import { buildEvent, newEventIds, type ReceiverSetup } from './receiver-setup.js';
import { sendDelivery, type DeliveryOutcome } from './send-delivery.js';

export const redeliveryScenarioNames = [
  'again-at-once',
  'again-after-others',
  'again-reserialized',
  'two-copies-at-once',
  'again-after-delay',
  'again-seconds-later',
  'other-event-same-record',
] as const;

export type RedeliveryScenarioName = (typeof redeliveryScenarioNames)[number];

// Real senders retry after seconds to hours (6/3: "often with backoff"); the kit can wait seconds
// within a check's budget. Long enough for a dedupe cache that keeps ids a second to have forgotten.
const secondsLaterMs = 1500;

/** What each scenario sends, for messages, coverage and the docs' probe list. */
export const redeliveryScenarioDescriptions: Readonly<Record<RedeliveryScenarioName, string>> = {
  'again-at-once': 'the same bytes again at once (A, A)',
  'again-after-others': 'the same bytes again after another event (A, B, A)',
  'again-reserialized': 'the same event again with other whitespace and key order (same id, same JSON value)',
  'two-copies-at-once': 'two copies sent at the same time, on two connections',
  'again-after-delay': 'the same bytes again once the first was processed (or, unobserved, 300 ms after its answer)',
  'again-seconds-later': `the same bytes again ${secondsLaterMs / 1000} s after the first, as a sender's retry with backoff comes`,
  'other-event-same-record':
    'another event about the same record under its own id (a create, then an update): not a repeat, processed too',
};

/** A delivery's place in its scenario: the repeated event's first or later arrival, one of two copies sent together, or another event. */
export type DeliveryRole = 'first' | 'repeat' | 'copy' | 'other';

/** One delivery of a scenario: what it is, and how the receiver answered. */
export interface SentDelivery {
  readonly note: string;
  readonly role: DeliveryRole;
  readonly outcome: DeliveryOutcome;
}

export interface ScenarioRun {
  readonly name: RedeliveryScenarioName;
  readonly description: string;
  /** The repeated event's id: its processed count must be 1. */
  readonly eventId: string;
  readonly deliveries: readonly SentDelivery[];
}

/**
 * Sends every scenario. `beforeLateRepeat` is awaited between the first and the second arrival of
 * the late scenario's event: it waits for the first to be processed, or a fixed delay. The late
 * event goes first, so the other scenarios run while it waits.
 */
export async function sendRedeliveries(
  ctx: CheckContext,
  setup: ReceiverSetup,
  beforeLateRepeat: (eventId: string) => Promise<void>,
  scenarios: readonly RedeliveryScenarioName[] = redeliveryScenarioNames,
): Promise<ScenarioRun[]> {
  const send = async (rawBody: string, note: string, role: DeliveryRole): Promise<SentDelivery> => ({
    note,
    role,
    outcome: await sendDelivery(ctx, setup, { rawBody, note }),
  });
  const fresh = () => {
    const ids = newEventIds(ctx);
    return { eventId: ids.eventId, event: buildEvent(ctx, setup, 'create', ids) };
  };
  const runs: ScenarioRun[] = [];
  const record = (name: RedeliveryScenarioName, eventId: string, deliveries: SentDelivery[]) =>
    runs.push({ name, description: redeliveryScenarioDescriptions[name], eventId, deliveries });

  const late = fresh();
  const lateBody = JSON.stringify(late.event);
  const lateFirst = await send(lateBody, 'first delivery of an event that comes again later', 'first');
  // Sent first of all and repeated last, so the other scenarios run while it waits.
  const slow = scenarios.includes('again-seconds-later') ? fresh() : undefined;
  const slowBody = slow === undefined ? '' : JSON.stringify(slow.event);
  const slowFirst =
    slow === undefined
      ? undefined
      : await send(slowBody, 'first delivery of an event that comes again seconds later', 'first');
  const slowSentAt = ctx.now();

  const once = fresh();
  const onceBody = JSON.stringify(once.event);
  record('again-at-once', once.eventId, [
    await send(onceBody, 'first delivery of an event', 'first'),
    await send(onceBody, 'the same event again at once (same id, same bytes)', 'repeat'),
  ]);

  const between = fresh();
  const betweenBody = JSON.stringify(between.event);
  record('again-after-others', between.eventId, [
    await send(betweenBody, 'first delivery of event A', 'first'),
    await send(JSON.stringify(fresh().event), 'event B, in between', 'other'),
    await send(betweenBody, 'event A again after B (same id, same bytes)', 'repeat'),
  ]);

  const rewritten = fresh();
  record('again-reserialized', rewritten.eventId, [
    await send(JSON.stringify(rewritten.event), 'first delivery of an event, compact JSON', 'first'),
    await send(
      buildBodyVariant(rewritten.event, 'keys-reordered').text,
      'the same event again, keys reversed and spaced (same id, same JSON value)',
      'repeat',
    ),
  ]);

  if (scenarios.includes('other-event-same-record')) {
    // Deduplication is by event id (6/1): an event about a record already seen is a new event.
    const ids = newEventIds(ctx);
    const updateIds = { ...newEventIds(ctx), recordId: ids.recordId };
    const update = buildEvent(ctx, setup, 'update', updateIds);
    record('other-event-same-record', updateIds.eventId, [
      await send(JSON.stringify(buildEvent(ctx, setup, 'create', ids)), 'an event about a record', 'other'),
      await send(JSON.stringify(update), 'another event about the same record, under its own id', 'first'),
    ]);
  }

  const twin = fresh();
  const twinBody = JSON.stringify(twin.event);
  const copies = await Promise.all([
    send(twinBody, 'one of two copies sent at once', 'copy'),
    send(twinBody, 'the other of two copies sent at once', 'copy'),
  ]);
  record('two-copies-at-once', twin.eventId, copies);

  await beforeLateRepeat(late.eventId);
  record('again-after-delay', late.eventId, [
    lateFirst,
    await send(lateBody, 'the same event again, later (same id, same bytes)', 'repeat'),
  ]);
  if (slow === undefined || slowFirst === undefined) return runs;
  await ctx.sleep(Math.max(0, slowSentAt + secondsLaterMs - ctx.now()));
  record('again-seconds-later', slow.eventId, [
    slowFirst,
    await send(slowBody, `the same event again ${secondsLaterMs / 1000} s later (same id, same bytes)`, 'repeat'),
  ]);
  return runs;
}

/** Every outcome of a run, in the order sent, for evidence. */
export function outcomesOf(run: ScenarioRun): DeliveryOutcome[] {
  return run.deliveries.map((delivery) => delivery.outcome);
}
