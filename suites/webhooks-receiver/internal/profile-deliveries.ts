// Deliveries that only some signature profiles can express: a correctly signed one whose signed
// timestamp lies outside the tolerance, one whose signature was made for an earlier timestamp, and
// headers carrying several signatures. Each is a fresh event; judged by answer and, when the
// receiver is observable, by whether it was processed.
import type { CheckContext, CheckOutcome, ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { digestOf, signatureHeaders } from '../../../harness/signing/profile-signature.js';
import { describeUnreadable, readAfterSettling, waitForProcessing } from './observe-processing.js';
import { buildEvent, newEventIds, type ReceiverSetup } from './receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery, type DeliveryOutcome } from './send-delivery.js';

export interface ProfileDelivery {
  /** Completes "a delivery …": what was sent. */
  readonly description: string;
  /** Whether a receiver in the profile must accept it (and process it) or refuse it. */
  readonly expected: 'accepted' | 'refused';
  readonly eventId: string;
  readonly outcome: DeliveryOutcome;
}

/** Sends one event signed by `sign` (its body, id, the timestamp the headers show) and says what it is. */
export async function sendProfileDelivery(
  ctx: CheckContext,
  setup: ReceiverSetup,
  delivery: {
    readonly description: string;
    readonly expected: ProfileDelivery['expected'];
    readonly shownAt: number;
    readonly signatureFor: (body: string, id: string) => string;
  },
): Promise<ProfileDelivery> {
  const ids = newEventIds(ctx);
  const rawBody = JSON.stringify(buildEvent(ctx, setup, 'create', ids));
  const outcome = await sendDelivery(ctx, setup, {
    rawBody,
    timestamp: delivery.shownAt,
    signature: { header: delivery.signatureFor(rawBody, ids.eventId) },
    note: `a delivery ${delivery.description}`,
  });
  ctx.cover(`a delivery ${delivery.description}`);
  return { description: delivery.description, expected: delivery.expected, eventId: ids.eventId, outcome };
}

/** The signature header value of `body` signed at `signedAt`, shown as sent at `shownAt`. */
export function signedAt(
  setup: ReceiverSetup,
  body: string,
  id: string,
  signedAtSeconds: number,
  shownAt = signedAtSeconds,
  secret = setup.secret,
): string {
  return signatureHeaders(
    setup.profile,
    secret,
    { id, timestamp: signedAtSeconds, body },
    { encoding: setup.encoding, shownTimestamp: shownAt },
  )[setup.profile.signatureHeader]!;
}

/** A header value carrying one signature per secret in `secrets`, in that order, all for `body` at `at`. */
export function severalSignatures(
  setup: ReceiverSetup,
  body: string,
  id: string,
  at: number,
  secrets: readonly string[],
): string {
  const { profile } = setup;
  const entries = secrets.map((secret) =>
    profile.header.entry.replace('{digest}', digestOf(profile, secret, { id, timestamp: at, body }, setup.encoding)),
  );
  const prefix = profile.header.prefix === undefined ? [] : [profile.header.prefix.replace('{timestamp}', String(at))];
  return [...prefix, ...entries].join(profile.header.separator ?? ' ');
}

/**
 * The verdict over `sent`: a failure for the first delivery answered against expectation, then
 * (with webhooks.receiver.observe) for the first refused one that was processed or accepted one
 * that was not; undefined when all held.
 */
export async function judgeProfileDeliveries(
  ctx: CheckContext,
  setup: ReceiverSetup,
  sent: readonly ProfileDelivery[],
  rule: string,
): Promise<CheckOutcome | undefined> {
  for (const delivery of sent) {
    if ((delivery.expected === 'refused') === isAcknowledged(delivery.outcome)) {
      return ctx.fail(
        `a delivery ${delivery.description} ${describeOutcome(delivery.outcome)}; expected it ${delivery.expected === 'refused' ? 'refused (non-2xx)' : 'acknowledged (2xx)'}: ${rule}`,
        {
          expected: delivery.expected === 'refused' ? 'a non-2xx answer' : 'a 2xx answer',
          actual: describeOutcome(delivery.outcome),
          exchanges: evidenceOf(delivery.outcome),
        },
      );
    }
  }
  const observe = setup.receiver.observe;
  if (observe === undefined) {
    ctx.leaveOut('whether each delivery was processed, or not', 'webhooks.receiver.observe is not set');
    return undefined;
  }
  for (const delivery of sent) {
    const reading =
      delivery.expected === 'accepted'
        ? await waitForProcessing(ctx, observe, delivery.eventId, 1)
        : await readAfterSettling(ctx, observe, delivery.eventId);
    const evidence: ExchangeRecord[] = [...evidenceOf(delivery.outcome), reading.record];
    if (reading.kind === 'unreadable') return ctx.fail(describeUnreadable(reading), { exchanges: evidence });
    const wrong = delivery.expected === 'accepted' ? reading.count === 0 : reading.count > 0;
    if (wrong) {
      return ctx.fail(
        `a delivery ${delivery.description} was ${delivery.expected === 'accepted' ? 'acknowledged but never processed' : `refused but processed ${reading.count} time(s)`}; ${rule}`,
        {
          expected: delivery.expected === 'accepted' ? 'processed once' : 'processed count 0',
          actual: `processed count ${reading.count}`,
          exchanges: evidence,
        },
      );
    }
  }
  ctx.cover('each delivery processed, or not, as expected (read through webhooks.receiver.observe)');
  return undefined;
}
