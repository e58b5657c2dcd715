import { defineCheck } from '../define-check.js';
import { signsTimestamp } from '../../harness/signing/signature-profile.js';
import {
  judgeProfileDeliveries,
  sendProfileDelivery,
  signedAt,
  type ProfileDelivery,
} from './internal/profile-deliveries.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import { nowInSeconds } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Convention 5/4 in a profile that signs a timestamp (Standard Webhooks, Stripe): a delivery verifies
// only within the scheme's tolerance of now, and only with the timestamp it was signed with; without
// that, a captured delivery can be replayed for ever. Skipped in profiles that sign no timestamp.
const margin = 120;

export const timestampOutsideToleranceRefused = defineCheck({
  id: 'webhooks-receiver.timestamp-outside-tolerance-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '5/4',
  level: 'normative',
  title: 'A delivery signed too long ago, too far ahead, or replayed with a new timestamp is refused',
  proves:
    'In a profile that signs a timestamp, a correctly signed delivery whose timestamp is past the tolerance (and, where the profile refuses them, one that far ahead), and one whose signature was made for an earlier timestamp than it shows, get a non-2xx and, when observable, are not processed.',
  covers:
    'the timestamp check of the receiver endpoint, in the profiles that sign one (webhooks.receiver.profile standard-webhooks or stripe)',
  probes: [
    'a signed timestamp older than the tolerance',
    'a signed timestamp further ahead than the tolerance (where the profile refuses it)',
    'a signature made for an earlier timestamp, shown with a fresh one (a replay)',
  ],
  provenBy: ['receiver-ignores-timestamp'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const { profile } = setup;
    const tolerance = profile.toleranceSeconds;
    if (!signsTimestamp(profile) || tolerance === undefined)
      return ctx.skip(
        `the ${profile.name} profile signs no timestamp (webhooks.receiver.profile), so none can be stale`,
      );
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a stale one');
    if (blocked !== undefined) return blocked;
    const now = nowInSeconds();
    const sent: ProfileDelivery[] = [];
    const stale = now - tolerance - margin;
    sent.push(
      await sendProfileDelivery(ctx, setup, {
        description: `signed ${tolerance + margin} s ago`,
        expected: 'refused',
        shownAt: stale,
        signatureFor: (body, id) => signedAt(setup, body, id, stale),
      }),
    );
    if (profile.refusesFuture === true) {
      const ahead = now + tolerance + margin;
      sent.push(
        await sendProfileDelivery(ctx, setup, {
          description: `signed ${tolerance + margin} s ahead of now`,
          expected: 'refused',
          shownAt: ahead,
          signatureFor: (body, id) => signedAt(setup, body, id, ahead),
        }),
      );
    } else {
      ctx.leaveOut('a timestamp ahead of the clock', `the ${profile.name} scheme judges the age of a timestamp only`);
    }
    const earlier = now - 60;
    sent.push(
      await sendProfileDelivery(ctx, setup, {
        description: 'whose signature was made 60 s earlier, shown with a fresh timestamp (a replay)',
        expected: 'refused',
        shownAt: now,
        signatureFor: (body, id) => signedAt(setup, body, id, earlier, now),
      }),
    );
    const verdict = await judgeProfileDeliveries(
      ctx,
      setup,
      sent,
      `the ${profile.name} profile takes a signed timestamp within ${tolerance} s of now, and only the one it was signed with`,
    );
    return verdict ?? ctx.pass();
  },
});
