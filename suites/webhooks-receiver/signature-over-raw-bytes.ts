import { defineCheck } from '../define-check.js';
import { bodyVariantNames, buildBodyVariant } from './internal/body-variants.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { describeOutcome, evidenceOf, isAcknowledged, sendDelivery } from './internal/send-delivery.js';

// Convention 5/3-5/4: the HMAC is over the raw, unparsed body. Senders differ in whitespace, key
// order and escaping; a receiver that parses and re-serializes before verifying refuses them.
export const signatureOverRawBytes = defineCheck({
  id: 'webhooks-receiver.signature-over-raw-bytes',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '5/3, 5/4',
  level: 'normative',
  title: 'The signature is verified over the raw bytes, not a re-serialization',
  proves:
    'Correctly signed bodies that are pretty-printed, have their keys reordered, or escape characters (\\u00e9, \\/) are acknowledged with a 2xx.',
  covers:
    "the receiver's signature verification of correctly signed bodies whose bytes are not what a JSON library would write",
  probes: bodyVariantNames.map((name) => `a correctly signed ${name} body refused`),
  provenBy: ['receiver-verifies-reserialized-body'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    for (const name of bodyVariantNames) {
      // A fresh event id per variant, so a receiver that dedupes cannot answer from memory.
      const body = buildBodyVariant(buildEvent(ctx, setup, 'create'), name);
      const outcome = await sendDelivery(ctx, setup, {
        rawBody: body.text,
        note: `correctly signed, ${body.name} body`,
      });
      ctx.cover(`a correctly signed ${body.name} body`);
      if (!isAcknowledged(outcome)) {
        return ctx.fail(
          `a correctly signed ${body.name} body (${body.description}) ${describeOutcome(outcome)}; expected a 2xx: the signature must be checked over the bytes received, not a re-serialization`,
          { expected: '2xx', actual: describeOutcome(outcome), exchanges: evidenceOf(outcome) },
        );
      }
    }
    return ctx.pass();
  },
});
