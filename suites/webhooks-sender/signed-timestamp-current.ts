import { shownTimestamp } from '../../harness/signing/profile-signature.js';
import { profileOf } from '../../harness/signing/profile-of-role.js';
import { displayHeaderName, signsTimestamp } from '../../harness/signing/signature-profile.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';

// Convention 5/3 in a profile that signs a timestamp (webhooks.sender.profile standard-webhooks,
// stripe, or a custom one): a receiver that verifies as the scheme says refuses a delivery whose
// timestamp is past the tolerance, so a sender whose clock or signing time is off has every
// delivery refused. Judged against the sink's clock when the delivery arrived. Skipped in profiles
// that sign no timestamp.
export const signedTimestampCurrent = defineCheck({
  id: 'webhooks-sender.signed-timestamp-current',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '5/3',
  level: 'normative',
  leavesOpen:
    "Whether a profile signs a timestamp at all, and its tolerance, are the profile's (webhooks.sender.profile); the convention's X-Signature signs none.",
  title: "A signed timestamp is within the profile's tolerance of the time the delivery arrives",
  proves:
    "In a profile that signs a timestamp, the timestamp a delivery shows is a whole number of Unix seconds no older than the profile's tolerance when it arrives, and (where the profile refuses them) no further ahead; a timestamp ahead by more in a profile that judges age only draws advice.",
  covers:
    'the signed timestamp of the delivery that creating a record of webhooks.sender.collection sends, in the profiles that sign one',
  probes: [
    "a timestamp past the tolerance (a clock behind, or the event's time signed on a late attempt)",
    'a timestamp ahead of the clock by more than the tolerance',
    'no timestamp a verifier can read',
  ],
  provenBy: ['sender-stale-timestamp'],
  async run(ctx) {
    const sender = ctx.config.webhooks.sender;
    if (sender === undefined) return ctx.skip('no webhook sender is configured (add "webhooks.sender" to the config)');
    const profile = profileOf(sender);
    const tolerance = profile.toleranceSeconds;
    if (!signsTimestamp(profile))
      return ctx.skip(`the ${profile.name} profile signs no timestamp (webhooks.sender.profile), so none can be stale`);
    if (tolerance === undefined)
      return ctx.incomplete(
        `the ${profile.name} profile signs a timestamp but gives no tolerance to judge it by (webhooks.sender.customProfile.toleranceSeconds)`,
      );
    return withSubscription(ctx, { kind: 'accept' }, async ({ collection, channel }) => {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const [delivery] = await awaitDeliveriesAbout(ctx, channel, created.id);
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      if (delivery === undefined) {
        const blocked = blockedBySilence(ctx);
        if (blocked !== undefined) return blocked;
        return ctx.fail(
          `no delivery to read a timestamp from: ${describeMissing(channel, created.id, sender.retryWindowMs)}`,
          {
            expected: `a delivery within ${sender.retryWindowMs} ms`,
            actual: 'none',
            exchanges: evidence(),
          },
        );
      }
      ctx.cover(`the signed timestamp of the event a create of ${collection.path} sends (the ${profile.name} profile)`);
      const where =
        profile.timestampHeader !== undefined
          ? displayHeaderName(profile.timestampHeader)
          : `the "${profile.header.prefix ?? ''}" entry of ${displayHeaderName(profile.signatureHeader)}`;
      const shown = shownTimestamp(profile, delivery.headers);
      if (shown === undefined) {
        return ctx.fail(`the delivery shows no timestamp in whole Unix seconds in ${where}`, {
          expected: `a timestamp in ${where}`,
          actual: 'none readable',
          exchanges: evidence(),
        });
      }
      // Whole seconds on both sides: the sender may round down a moment before the sink rounds up.
      const arrived = Math.floor(Date.parse(delivery.receivedAt) / 1000);
      const age = arrived - shown;
      ctx.info(
        `the signed timestamp was ${age} s ${age >= 0 ? 'old' : 'ahead'} when the delivery arrived (tolerance ${tolerance} s)`,
      );
      if (age > tolerance) {
        return ctx.fail(
          `the signed timestamp (${shown}) was ${age} s old when the delivery arrived, past the ${profile.name} profile's tolerance of ${tolerance} s: a verifying receiver refuses it`,
          {
            expected: `a timestamp within ${tolerance} s of the arrival (${arrived})`,
            actual: `${shown} in ${where}`,
            exchanges: evidence(),
          },
        );
      }
      if (-age > tolerance) {
        const message = `the signed timestamp (${shown}) was ${-age} s ahead of the sink's clock when the delivery arrived, past the tolerance of ${tolerance} s`;
        if (profile.refusesFuture === true)
          return ctx.fail(`${message}: a verifying receiver refuses it`, {
            expected: `a timestamp within ${tolerance} s of the arrival (${arrived})`,
            actual: `${shown} in ${where}`,
            exchanges: evidence(),
          });
        ctx.advise(
          `${message}; the ${profile.name} scheme judges age only, but a clock this far ahead is worth a look`,
        );
      }
      return ctx.pass();
    });
  },
});
