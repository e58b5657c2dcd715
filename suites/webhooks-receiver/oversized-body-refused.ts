import { defineCheck } from '../define-check.js';
import { judgeOpenRefusal } from './internal/open-refusal-verdict.js';
import { buildEvent, readReceiverSetup } from './internal/receiver-setup.js';
import { sendDelivery } from './internal/send-delivery.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

/** Size of the oversized delivery: more than 1 MiB, far above any real event. */
export const oversizedBodyBytes = 1024 * 1024 + 64 * 1024;

// Convention 8 leaves payload limits open, so any prompt answer passes by default; a receiver without
// a limit can be made to buffer any amount by whoever can reach it, so accepting is advice,
// and webhooks.receiver.oversizedBody "refuse" pins a refusal. Only no answer fails (4.3, 6/3).
export const oversizedBodyRefused = defineCheck({
  id: 'webhooks-receiver.oversized-body-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '4.3, 6/3, 8',
  title: 'A correctly signed delivery of more than 1 MiB is answered promptly; a refusal is advised',
  proves:
    'A well-formed, correctly signed event padded past 1 MiB gets an answer or a closed connection in time; accepting it is advice unless webhooks.receiver.oversizedBody pins "refuse".',
  level: 'advisory',
  leavesOpen:
    'Payload size limits (8: not shown): any prompt answer passes, a 4xx, a closed connection, or acceptance (advice); pin webhooks.receiver.oversizedBody "refuse".',
  covers: "the receiver's answer to a correctly signed delivery far larger than any real event",
  probes: [
    'a correctly signed event padded with whitespace past 1 MiB, answered late or never',
    'the same acknowledged (advice; fails when webhooks.receiver.oversizedBody pins "refuse")',
  ],
  provenBy: ['receiver-no-body-limit'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'an oversized body');
    if (blocked !== undefined) return blocked;
    const rawBody = padEvent(JSON.stringify(buildEvent(ctx, setup, 'create')), oversizedBodyBytes);
    const outcome = await sendDelivery(ctx, setup, {
      rawBody,
      note: `correctly signed event padded to ${rawBody.length} bytes`,
    });
    ctx.cover(`a correctly signed event of ${rawBody.length} bytes`);
    const verdict = judgeOpenRefusal(outcome, setup.receiver.oversizedBody, 'webhooks.receiver.oversizedBody');
    if (verdict.kind === 'refused') return ctx.pass();
    if (verdict.kind === 'accepted') {
      ctx.advise(
        `a correctly signed delivery of ${rawBody.length} bytes ${verdict.advice}; pin webhooks.receiver.oversizedBody "refuse" to require one`,
      );
      return ctx.pass();
    }
    return ctx.fail(`a correctly signed delivery of ${rawBody.length} bytes ${verdict.problem}`, {
      expected:
        setup.receiver.oversizedBody === 'refuse'
          ? 'a 4xx (for example 413) or a closed connection'
          : 'a prompt answer',
      actual: verdict.problem,
      exchanges: outcome.record === undefined ? [] : [outcome.record],
    });
  },
});

// Trailing whitespace is legal JSON, so the body stays a valid event of the configured shape.
function padEvent(json: string, totalBytes: number): string {
  return json + ' '.repeat(Math.max(0, totalBytes - Buffer.byteLength(json, 'utf8')));
}
