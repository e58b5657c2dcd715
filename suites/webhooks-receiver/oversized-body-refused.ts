import { defineCheck } from '../define-check.js';
import { findBadInputProblem } from './internal/bad-input-verdict.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

/** Size of the oversized delivery: more than 1 MiB, far above any real event. */
export const oversizedBodyBytes = 1024 * 1024 + 64 * 1024;

// Convention 8 leaves payload limits open, but a receiver without one can be made to buffer any
// amount by whoever can reach it; the sender's error is a 4xx (413), not a 5xx or a stall.
export const oversizedBodyRefused = defineCheck({
  id: 'webhooks-receiver.oversized-body-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '7/1, 8',
  title: 'A correctly signed delivery of more than 1 MiB gets a 4xx, never a 5xx or no answer',
  proves: 'A well-formed, correctly signed event padded past 1 MiB is refused (for example 413) and answered promptly.',
  provenBy: ['receiver-no-body-limit'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'an oversized body');
    if (blocked !== undefined) return blocked;
    const rawBody = padEvent(JSON.stringify(buildEvent(ctx, setup, 'create')), oversizedBodyBytes);
    const outcome = await sendDelivery(ctx, setup, { rawBody, note: `correctly signed event padded to ${rawBody.length} bytes` });
    const problem = findBadInputProblem(outcome);
    if (problem === undefined) return ctx.pass();
    return ctx.fail(`a correctly signed delivery of ${rawBody.length} bytes ${problem}; expected a 4xx (for example 413)`, {
      expected: '4xx',
      actual: problem,
      exchanges: outcome.record === undefined ? [] : [outcome.record],
    });
  },
});

// Trailing whitespace is legal JSON, so the body stays a valid event of the configured shape.
function padEvent(json: string, totalBytes: number): string {
  return json + ' '.repeat(Math.max(0, totalBytes - Buffer.byteLength(json, 'utf8')));
}

