import { defineCheck } from '../define-check.js';
import { judgeOpenRefusal } from './internal/open-refusal-verdict.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import { evidenceOf, sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Correctly signed, so the receiver gets past verification and meets the body itself.
const malformedBodies = ['{"event": "customer.created", "id": ', '{event: "unquoted"}', '[1, 2,', 'not json at all'];
const malformedKinds = ['an object cut off after a key', 'an unquoted key', 'an array cut off', 'plain text'];

export const malformedJsonRefused = defineCheck({
  id: 'webhooks-receiver.malformed-json-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 7/1',
  level: 'normative',
  leavesOpen:
    'Whether a receiver parses before it answers (4.3: answer quickly, process afterwards): a 4xx or a closed connection refuses; a 2xx passes with advice; pin webhooks.receiver.malformedBody "refuse". A 5xx or no answer fails.',
  title:
    'A correctly signed delivery whose body is not JSON is answered promptly, never with a 5xx; a refusal is advised',
  proves:
    'Correctly signed bodies that do not parse as JSON get a prompt answer that is not a server error; a 2xx is advice unless webhooks.receiver.malformedBody pins "refuse".',
  covers: "the receiver's answer to correctly signed bodies that do not parse as JSON",
  probes: [
    ...malformedKinds.map((kind) => `${kind}, answered 5xx or not at all`),
    'any of them acknowledged (advice; fails when webhooks.receiver.malformedBody pins "refuse")',
  ],
  provenBy: ['receiver-500-on-bad-json'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a body that is not JSON');
    if (blocked !== undefined) return blocked;
    for (const [index, rawBody] of malformedBodies.entries()) {
      const outcome = await sendDelivery(ctx, setup, { rawBody, note: 'correctly signed, malformed JSON' });
      ctx.cover(`a correctly signed body that is ${malformedKinds[index]!}`);
      const verdict = judgeOpenRefusal(
        outcome,
        setup.receiver.malformedBody,
        'webhooks.receiver.malformedBody',
        'fail',
      );
      const delivery = `a correctly signed delivery with the malformed body ${JSON.stringify(rawBody)}`;
      if (verdict.kind === 'accepted') {
        ctx.advise(`${delivery} ${verdict.advice}; pin webhooks.receiver.malformedBody "refuse" to require one`);
        // One piece of advice says it: the other bodies would be answered the same way.
        for (const kind of malformedKinds.slice(index + 1))
          ctx.leaveOut(
            `a correctly signed body that is ${kind}`,
            'the receiver acknowledges bodies that are not JSON: one piece of advice says it',
          );
        return ctx.pass();
      }
      if (verdict.kind === 'failed') {
        return ctx.fail(`${delivery} ${verdict.problem}`, {
          expected:
            setup.receiver.malformedBody === 'refuse'
              ? 'a 4xx (for example 400) or a closed connection'
              : 'a prompt answer that is not a 5xx',
          actual: verdict.problem,
          exchanges: evidenceOf(outcome),
        });
      }
    }
    return ctx.pass();
  },
});
