// Deliveries whose signature does not verify, in the configured profile: every kind of
// signature-forgeries.ts, each on an event of its own (webhooks-receiver.unverified-delivery-refused),
// or one kind on a given event (webhooks-receiver.model-consistency, which forges events it also
// sends genuinely). The digests are over what the profile signs, with the id and time sendDelivery sends.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { digestOf } from '../../../harness/signing/profile-signature.js';
import { buildEvent, newEventIds, type ReceiverSetup } from './receiver-setup.js';
import { deliveryIdOf } from './send-delivery.js';
import {
  buildForgery,
  forgeryKindsFor,
  signatureFormOf,
  type Forgery,
  type ForgeryKind,
} from './signature-forgeries.js';

/** One delivery per kind, each with an event id of its own, so no receiver answers from dedupe memory. */
export function buildForgeries(ctx: CheckContext, setup: ReceiverSetup, timestamp: number): Forgery[] {
  return forgeryKindsFor(signatureFormOf(setup.profile, timestamp)).map((kind) => {
    const ids = newEventIds(ctx);
    return forgeDelivery(ctx, setup, kind, buildEvent(ctx, setup, 'create', ids), ids.eventId, timestamp);
  });
}

/** The kinds that the convention says do not verify (5/3, 5/4), in the configured profile. */
export function failingForgeryKinds(setup: ReceiverSetup, timestamp: number): ForgeryKind[] {
  return forgeryKindsFor(signatureFormOf(setup.profile, timestamp)).filter((kind) => kind.verdict === 'fail');
}

/** `event` (whose id is `eventId`) sent with a signature of `kind`. */
export function forgeDelivery(
  ctx: CheckContext,
  setup: ReceiverSetup,
  kind: ForgeryKind,
  event: Readonly<Record<string, unknown>>,
  eventId: string,
  timestamp: number,
): Forgery {
  const { profile } = setup;
  const otherSecret = otherSecretThan(ctx, setup.secret);
  const digestUnder =
    (secret: string) =>
    (text: string): string =>
      digestOf(profile, secret, { id: deliveryIdOf(text), timestamp, body: text }, setup.encoding);
  return buildForgery(kind, {
    event,
    eventId,
    otherEvent: buildEvent(ctx, setup, 'create'),
    digest: digestUnder(setup.secret),
    digestUnderOtherSecret: digestUnder(otherSecret),
    form: signatureFormOf(profile, timestamp),
  });
}

// A seeded secret of the usual shape (64 hex characters) that is not the real one.
function otherSecretThan(ctx: CheckContext, secret: string): string {
  const candidate = Array.from({ length: 32 }, () =>
    Math.floor(ctx.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
  return candidate === secret ? `${candidate}0` : candidate;
}
