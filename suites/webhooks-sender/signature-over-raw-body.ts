import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { awaitDeliveriesAbout, blockedBySilence, describeMissing } from './internal/await-deliveries.js';
import { describeDroppedBody } from './internal/delivery-body.js';
import { mergeEvidence } from './internal/sender-evidence.js';
import { withSubscription } from './internal/sender-setup.js';
import { findOtherProfileSigned, judgeProfileSignature, judgeSignature } from './internal/signature-judgement.js';
import { profileOf } from '../../harness/signing/profile-of-role.js';
import { displayHeaderName } from '../../harness/signing/signature-profile.js';

// Convention 5/3: X-Signature is "sha256=" and the HMAC of the raw, unparsed body under the
// registered secret. The encoding is not shown (5/5): either is accepted unless
// webhooks.sender.digestEncoding pins one. In another signature profile (webhooks.sender.profile)
// the signature is that scheme's, over its signed content (id, timestamp and raw body). Evidence
// shows only the first characters of digests.
export const signatureOverRawBody = defineCheck({
  id: 'webhooks-sender.signature-over-raw-body',
  suite: 'webhooks-sender',
  conformanceClass: 'webhooks-sender',
  rule: '5/3, 5/5',
  level: 'normative',
  leavesOpen:
    'The digest encoding (5/5: not shown): hex or base64; pin webhooks.sender.digestEncoding. A registration answer that echoes the secret is advice.',
  title:
    "X-Signature is sha256= and the HMAC-SHA256 of the exact body bytes with the registered secret (or the configured profile's signature)",
  proves:
    'A delivery carries X-Signature "sha256=<digest>" where the digest is the HMAC-SHA256 of the bytes on the wire under the secret the kit registered; in another profile (webhooks.sender.profile), that scheme\'s signature header over its signed content, with the bytes on the wire as the body.',
  covers:
    'the signature of the delivery that creating a record of webhooks.sender.collection sends, over its exact bytes, under the secret the kit registered',
  probes: [
    'no X-Signature header',
    'no "sha256=" label',
    'an HMAC over re-serialized JSON, not the bytes sent',
    'an HMAC under another secret',
    'a digest in the encoding webhooks.sender.digestEncoding pins against',
    'a registration answer that echoes the secret (advice)',
  ],
  provenBy: [
    'signature-over-reserialized-body',
    'signature-without-prefix',
    'signature-wrong-secret',
    'no-signature-header',
    'secret-echoed',
  ],
  async run(ctx) {
    return withSubscription(ctx, { kind: 'accept' }, async ({ sender, collection, channel, sink, registration }) => {
      // Not a rule of the convention, but a leak worth knowing: the secret should be write-only.
      if (registration.text.includes(sink.secret)) {
        ctx.advise(
          'the answer to the registration contains the signing secret (shown as [REDACTED] in the evidence); a secret should never be sent back',
        );
      }
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const [delivery] = await awaitDeliveriesAbout(ctx, channel, created.id);
      const evidence = () => mergeEvidence(ctx.exchanges, channel.records());
      if (delivery === undefined) {
        const blocked = blockedBySilence(ctx);
        if (blocked !== undefined) return blocked;
        return ctx.fail(`no delivery to verify: ${describeMissing(channel, created.id, sender.retryWindowMs)}`, {
          expected: `a signed delivery within ${sender.retryWindowMs} ms`,
          actual: 'none',
          exchanges: evidence(),
        });
      }
      // A signature is over every byte: a dropped body leaves nothing to verify it against.
      if (delivery.isBodyDropped) return ctx.incomplete(describeDroppedBody(delivery));
      const profile = profileOf(sender);
      const header = displayHeaderName(profile.signatureHeader);
      ctx.cover(
        `the ${header} of the event a create of ${collection.path} sends${profile.name === 'convention' ? '' : ` (the ${profile.name} profile)`}`,
      );
      ctx.leaveOut(
        'the signatures of updates, deletes and retries',
        'sampled: one delivery shows how the sender signs; a retry carries the same bytes (retry-after-failure), so the same signature',
      );
      const isConvention = profile.name === 'convention';
      const judgement = isConvention
        ? judgeSignature(sink.secret, delivery.body, delivery.headers['x-signature'], sender.digestEncoding)
        : judgeProfileSignature(profile, sink.secret, delivery.body, delivery.headers);
      if (judgement.valid) return ctx.pass();
      // The usual slip when the header is missing: the config names another scheme than the sender's.
      const otherProfile =
        delivery.headers[profile.signatureHeader] === undefined
          ? findOtherProfileSigned(profile.name, delivery.headers)
          : undefined;
      const hint = [judgement.hint, otherProfile].filter((text) => text !== undefined).join('; ');
      const signed = isConvention
        ? `HMAC-SHA256 of the ${delivery.body.length} bytes received, ${sender.digestEncoding === 'either' ? 'hex or base64' : sender.digestEncoding}`
        : `the ${profile.name} profile: HMAC-SHA256 of "${profile.signedContent}" with the ${delivery.body.length} bytes received as {body}`;
      return ctx.fail(
        `${header} does not verify over the raw body: ${judgement.reason}${hint !== '' ? ` (${hint})` : ''}`,
        {
          expected: `${judgement.expected} (${signed})`,
          actual: judgement.received,
          exchanges: evidence(),
        },
      );
    });
  },
});
