// Pairs each kind of failed first attempt with the attempt that retried it, and says what is wrong
// with the pairs (convention 6/1, 6/3, 7/2). Pure: the check feeds it the channel's deliveries.
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { describeFailure, failureOfAnswer } from './failure-kinds.js';

/** The first attempt of an event that the sink failed in one way, and what came after it. */
export interface FailedFirstAttempt {
  /** How the sink failed it ("a 404", "a connection reset without an answer"). */
  readonly failure: string;
  readonly first: SinkDelivery;
  /**
   * The next attempt of the same event (same id; without an id, the same bytes), or else the one
   * delivery that can only be its retry under a new id: the next first attempt with the same event
   * name about the same record, when each is about that record alone.
   */
  readonly retry?: SinkDelivery;
}

/** The first failed first attempt of each kind of failure, in arrival order, each with its retry if one came. */
export function pairRetries(deliveries: readonly SinkDelivery[], recordIds: readonly string[]): FailedFirstAttempt[] {
  const firsts = new Map<string, SinkDelivery>();
  const laterAttempts = new Map<string, SinkDelivery>();
  // First attempts about exactly one of the records, by record and event name: where a retry under
  // a new id can be found without mistaking another record's event for it.
  const firstAttemptsAbout = new Map<string, SinkDelivery[]>();
  for (const delivery of deliveries) {
    if (delivery.attemptOfEvent > 1) {
      const key = eventKey(delivery);
      if (!laterAttempts.has(key)) laterAttempts.set(key, delivery);
      continue;
    }
    const topic = topicOf(delivery, recordIds);
    if (topic !== undefined) {
      const about = firstAttemptsAbout.get(topic);
      if (about === undefined) firstAttemptsAbout.set(topic, [delivery]);
      else about.push(delivery);
    }
    const failure = failureOfAnswer(delivery.answer);
    if (failure === undefined) continue;
    const label = describeFailure(failure);
    if (!firsts.has(label)) firsts.set(label, delivery);
  }
  return [...firsts].map(([failure, first]) => {
    const topic = topicOf(first, recordIds);
    const retry =
      laterAttempts.get(eventKey(first)) ??
      (topic === undefined ? undefined : firstAttemptsAbout.get(topic)?.find((d) => d.sequence > first.sequence));
    return retry === undefined ? { failure, first } : { failure, first, retry };
  });
}

/** Whether every kind in `failures` was drawn and every failed attempt has its retry: nothing more to wait for. */
export function isEveryFailureRetried(pairs: readonly FailedFirstAttempt[], failures: readonly string[]): boolean {
  const drawn = new Set(pairs.map((pair) => pair.failure));
  return failures.every((failure) => drawn.has(failure)) && pairs.every((pair) => pair.retry !== undefined);
}

/** What breaks the rule, one clause per kind of breach, each naming the failures it followed; none when all is well. */
export function describeRetryProblems(pairs: readonly FailedFirstAttempt[], retryWindowMs: number): string[] {
  const problems: string[] = [];
  const missing = pairs.filter((pair) => pair.retry === undefined).map((pair) => pair.failure);
  const retried = pairs.filter((pair) => pair.retry !== undefined).map((pair) => pair.failure);
  if (missing.length > 0) {
    problems.push(
      `the sender did not retry within ${retryWindowMs} ms (webhooks.sender.retryWindowMs) after ${joinAll(missing)}` +
        (retried.length > 0 ? `; it did retry after ${joinAll(retried)}` : ''),
    );
  }
  const newIds = pairs.filter((pair) => pair.retry !== undefined && pair.retry.eventId !== pair.first.eventId);
  const [newId] = newIds;
  if (newId !== undefined) {
    problems.push(
      `the retry after ${newId.failure} carries a new event id (${JSON.stringify(newId.retry!.eventId ?? null)} after ${JSON.stringify(newId.first.eventId ?? null)}), so receivers cannot deduplicate it${alsoAfter(newIds)}`,
    );
  }
  // Compared by digest: the sink may have dropped either body past its byte cap.
  const changed = pairs.filter(
    (pair) =>
      pair.retry !== undefined &&
      pair.retry.eventId === pair.first.eventId &&
      pair.retry.bodyDigest !== pair.first.bodyDigest,
  );
  const [change] = changed;
  if (change !== undefined) {
    problems.push(
      `the retry after ${change.failure} keeps the id but changes the body (${describeByteDifference(change.first, change.retry!)})${alsoAfter(changed)}`,
    );
  }
  return problems;
}

/** Where two bodies first differ, for a message. */
export function describeByteDifference(first: SinkDelivery, retry: SinkDelivery): string {
  if (first.isBodyDropped || retry.isBodyDropped)
    return 'its SHA-256 differs; the sink dropped the bytes past its cap, so where is not shown';
  const [a, b] = [first.body, retry.body];
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a[at] === b[at]) at += 1;
  return `first difference at byte ${at} of ${a.length}`;
}

// The sink's own key for "the same event": its id, or without one its exact bytes.
function eventKey(delivery: SinkDelivery): string {
  return delivery.eventId !== undefined ? `id:${delivery.eventId}` : `body:${delivery.bodyDigest}`;
}

// "record|event name" when the delivery is about exactly one of the records.
function topicOf(delivery: SinkDelivery, recordIds: readonly string[]): string | undefined {
  const about = recordIds.filter((id) => delivery.dataValues.has(id));
  return about.length === 1 ? `${about[0]!}|${delivery.eventName ?? ''}` : undefined;
}

function joinAll(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

function alsoAfter(pairs: readonly FailedFirstAttempt[]): string {
  return pairs.length <= 1 ? '' : ` (so do the retries after ${joinAll(pairs.slice(1).map((pair) => pair.failure))})`;
}
