import { defineCheck } from '../define-check.js';
import { takesSeveralSignatures } from '../../harness/signing/signature-profile.js';
import {
  judgeProfileDeliveries,
  sendProfileDelivery,
  severalSignatures,
  type ProfileDelivery,
} from './internal/profile-deliveries.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import { nowInSeconds } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Convention 4.3 and 5/4 in a profile whose header may carry several signatures (secret rotation:
// Standard Webhooks, Stripe): a delivery verifies when one of them does, so it must be acknowledged;
// one none of which verifies is refused. Skipped in profiles with one signature per header.
export const oneOfSeveralSignaturesAccepted = defineCheck({
  id: 'webhooks-receiver.one-of-several-signatures-accepted',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 5/4',
  level: 'normative',
  title: 'A delivery with several signatures is accepted when one verifies, and refused when none does',
  proves:
    'In a profile that allows several signatures in one header, a delivery signed under a rotated-out secret and under the secret, in either order, gets a 2xx and is processed, and one signed only under two other secrets gets a non-2xx and is not processed.',
  covers:
    'the signature-rotation handling of the receiver endpoint, in the profiles that allow several signatures (webhooks.receiver.profile standard-webhooks or stripe)',
  probes: [
    'only the first signature compared, so a delivery whose valid signature comes second is refused',
    'only the last signature compared',
    'several signatures, none valid, accepted',
  ],
  provenBy: ['receiver-reads-first-signature-only'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const { profile } = setup;
    if (!takesSeveralSignatures(profile))
      return ctx.skip(
        `the ${profile.name} profile carries one signature per header (webhooks.receiver.profile), so there is no rotation to judge`,
      );
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a delivery with none of its signatures valid');
    if (blocked !== undefined) return blocked;
    const now = nowInSeconds();
    const [rotatedOut, other] = [
      `rotated-out-${ctx.random().toString(36).slice(2)}`,
      `other-${ctx.random().toString(36).slice(2)}`,
    ];
    const sent: ProfileDelivery[] = [
      await sendProfileDelivery(ctx, setup, {
        description: 'signed under a rotated-out secret and then under the secret',
        expected: 'accepted',
        shownAt: now,
        signatureFor: (body, id) => severalSignatures(setup, body, id, now, [rotatedOut, setup.secret]),
      }),
      // Valid first too: a receiver that reads only the last signature is caught here.
      await sendProfileDelivery(ctx, setup, {
        description: 'signed under the secret and then under a rotated-out one',
        expected: 'accepted',
        shownAt: now,
        signatureFor: (body, id) => severalSignatures(setup, body, id, now, [setup.secret, rotatedOut]),
      }),
      await sendProfileDelivery(ctx, setup, {
        description: "signed under two secrets, neither the receiver's",
        expected: 'refused',
        shownAt: now,
        signatureFor: (body, id) => severalSignatures(setup, body, id, now, [rotatedOut, other]),
      }),
    ];
    const verdict = await judgeProfileDeliveries(
      ctx,
      setup,
      sent,
      `in the ${profile.name} profile a delivery verifies when one of its signatures does`,
    );
    return verdict ?? ctx.pass();
  },
});
