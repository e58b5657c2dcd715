import type { CheckContext, ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { signBody } from '../webhooks/verify-signature.js';
import { describeUnreadable, readProcessedCount, settleMs } from './internal/observe-processing.js';
import { buildEvent, newEventIds, readReceiverSetup, type ReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery, type Delivery, type DeliveryOutcome } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

interface ForgedDelivery {
  readonly eventId: string;
  readonly description: string;
  readonly delivery: Delivery;
}

// Convention 5/4: a receiver verifies the signature against the raw body and rejects a delivery
// that does not verify; anything else lets whoever knows the URL inject events.
export const unverifiedDeliveryRefused = defineCheck({
  id: 'webhooks-receiver.unverified-delivery-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '5/3, 5/4',
  level: 'normative',
  leavesOpen: 'Which refusal (7/3: not shown): any 4xx.',
  title: 'A delivery with a wrong, missing or borrowed signature is refused and not processed',
  proves:
    'Deliveries signed with another secret, without X-Signature, or carrying the signature of another body get a non-2xx and, when observable, are not processed.',
  provenBy: ['receiver-skips-verification'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a badly signed one');
    if (blocked !== undefined) return blocked;
    const sent: { forged: ForgedDelivery; outcome: DeliveryOutcome }[] = [];
    for (const forged of buildForgedDeliveries(ctx, setup)) {
      const outcome = await sendDelivery(ctx, setup, forged.delivery);
      if (isAcknowledged(outcome)) {
        return ctx.fail(`a delivery ${forged.description} ${describeOutcome(outcome)}; expected it refused (non-2xx)`, {
          expected: 'a non-2xx answer (for example 401)',
          actual: describeOutcome(outcome),
          exchanges: evidenceOf(outcome),
        });
      }
      sent.push({ forged, outcome });
    }
    const observe = setup.receiver.observe;
    if (observe === undefined) return ctx.pass();
    // Refused is not enough: a receiver may answer 401 and still act on the event, maybe later.
    await ctx.sleep(settleMs);
    for (const { forged, outcome } of sent) {
      const reading = await readProcessedCount(ctx, observe, forged.eventId);
      const evidence: ExchangeRecord[] = [...evidenceOf(outcome), reading.record];
      if (reading.kind === 'unreadable') return ctx.fail(describeUnreadable(reading), { exchanges: evidence });
      if (reading.count > 0) {
        return ctx.fail(`a delivery ${forged.description} was refused but processed ${reading.count} time(s); expected it not processed`, {
          expected: 'processed count 0',
          actual: `processed count ${reading.count}`,
          exchanges: evidence,
        });
      }
    }
    return ctx.pass();
  },
});

function buildForgedDeliveries(ctx: CheckContext, setup: ReceiverSetup): ForgedDelivery[] {
  const encoding = setup.receiver.digestEncoding;
  const forged: ForgedDelivery[] = [];

  const wrongSecretIds = newEventIds(ctx);
  const wrongSecretBody = JSON.stringify(buildEvent(ctx, setup, 'create', wrongSecretIds));
  const otherSecret = otherSecretThan(ctx, setup.secret);
  forged.push({
    eventId: wrongSecretIds.eventId,
    description: 'signed with another secret',
    delivery: { rawBody: wrongSecretBody, signature: { header: signBody(otherSecret, Buffer.from(wrongSecretBody, 'utf8'), encoding) }, note: 'signed with another secret' },
  });

  const unsignedIds = newEventIds(ctx);
  forged.push({
    eventId: unsignedIds.eventId,
    description: 'without X-Signature',
    delivery: { rawBody: JSON.stringify(buildEvent(ctx, setup, 'create', unsignedIds)), signature: 'missing', note: 'no X-Signature header' },
  });

  // A valid signature lifted from another delivery: verification must bind it to these bytes.
  const borrowedIds = newEventIds(ctx);
  const signedBody = JSON.stringify(buildEvent(ctx, setup, 'create'));
  forged.push({
    eventId: borrowedIds.eventId,
    description: 'carrying the signature of another body',
    delivery: {
      rawBody: JSON.stringify(buildEvent(ctx, setup, 'create', borrowedIds)),
      signature: { header: signBody(setup.secret, Buffer.from(signedBody, 'utf8'), encoding) },
      note: 'X-Signature of a different body',
    },
  });
  return forged;
}

// A seeded secret of the usual shape (64 hex characters) that is not the real one.
function otherSecretThan(ctx: CheckContext, secret: string): string {
  const candidate = Array.from({ length: 32 }, () => Math.floor(ctx.random() * 256).toString(16).padStart(2, '0')).join('');
  return candidate === secret ? `${candidate}0` : candidate;
}
