import type { ExchangeRecord } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { describeUnreadable, readProcessedCount, settleMs } from './internal/observe-processing.js';
import { readReceiverSetup } from './internal/receiver-setup.js';
import {
  describeOutcome,
  evidenceOf,
  isAcknowledged,
  nowInSeconds,
  sendDelivery,
  type DeliveryOutcome,
} from './internal/send-delivery.js';
import { forgeryKinds, type Forgery } from './internal/signature-forgeries.js';
import { buildForgeries } from './internal/forged-deliveries.js';
import { proveValidDeliveryAccepted } from './internal/valid-delivery-accepted.js';

// Convention 5/4: a receiver verifies the signature against the raw body and rejects a delivery
// that does not verify; anything else lets whoever knows the URL inject events. The kinds of bad
// signature, and which of them the text leaves open, are derived in internal/signature-forgeries.ts.
export const unverifiedDeliveryRefused = defineCheck({
  id: 'webhooks-receiver.unverified-delivery-refused',
  suite: 'webhooks-receiver',
  conformanceClass: 'webhooks-receiver',
  rule: '5/3, 5/4',
  level: 'normative',
  leavesOpen:
    'Which refusal (7/3: not shown): any non-2xx. The digest encoding (5/5): a correct digest in hex of either case or base64 is never sent as a bad one. A right digest under another label or none: accepting it is advice.',
  title: 'A delivery whose signature does not verify over its raw body is refused and not processed',
  proves:
    "Deliveries with no, empty or label-only X-Signature, a body changed after signing, another event's signature, another secret, a cut or changed digest, a digest of a re-serialization or of no encoding get a non-2xx and, when observable, are not processed; a right digest under a wrong label or none draws advice if accepted.",
  covers:
    'the X-Signature check of the receiver endpoint: every way, stated by 5/3, that a signature fails to verify over the raw body',
  probes: forgeryKinds.map((kind) => `a delivery ${kind.description}${kind.verdict === 'advise' ? ' (advice)' : ''}`),
  provenBy: ['receiver-skips-verification', 'receiver-compares-digest-prefix', 'receiver-verifies-reserialized-body'],
  async run(ctx) {
    const setup = readReceiverSetup(ctx);
    if ('skipReason' in setup) return ctx.skip(setup.skipReason);
    const blocked = await proveValidDeliveryAccepted(ctx, setup, 'a badly signed one');
    if (blocked !== undefined) return blocked;
    const sent: { forgery: Forgery; outcome: DeliveryOutcome }[] = [];
    const timestamp = nowInSeconds();
    for (const forgery of buildForgeries(ctx, setup, timestamp)) {
      const outcome = await sendDelivery(ctx, setup, {
        rawBody: forgery.rawBody,
        signature: forgery.header === undefined ? 'missing' : { header: forgery.header },
        timestamp,
        note: `a delivery ${forgery.kind.description}`,
      });
      ctx.cover(`a delivery ${forgery.kind.description}`);
      sent.push({ forgery, outcome });
    }
    if (setup.profile.encoding === 'either')
      ctx.leaveOut(
        'a correct digest in another encoding (base64 for hex, upper-case hex letters)',
        'the digest encoding is not shown (5/5), so a receiver may take or refuse one',
      );
    const accepted = sent.filter(({ forgery, outcome }) => forgery.kind.verdict === 'fail' && isAcknowledged(outcome));
    if (accepted.length > 0) {
      const [first, ...more] = accepted;
      const others =
        more.length === 0 ? '' : `; also acknowledged: ${more.map(({ forgery }) => forgery.kind.name).join(', ')}`;
      return ctx.fail(
        `a delivery ${first!.forgery.kind.description} ${describeOutcome(first!.outcome)}; expected it refused (non-2xx), as it does not verify over the raw body${others}`,
        {
          expected: 'a non-2xx answer (for example 401) to each',
          actual: `${accepted.length} of ${sent.filter(({ forgery }) => forgery.kind.verdict === 'fail').length} acknowledged`,
          exchanges: evidenceOf(...accepted.slice(0, 3).map(({ outcome }) => outcome)),
        },
      );
    }
    for (const { forgery, outcome } of sent) {
      if (forgery.kind.verdict === 'advise' && isAcknowledged(outcome))
        ctx.advise(`a delivery ${forgery.kind.description} ${describeOutcome(outcome)}: ${forgery.kind.why!}`);
    }
    const observe = setup.receiver.observe;
    if (observe === undefined) {
      ctx.leaveOut('whether a refused delivery was processed anyway', 'webhooks.receiver.observe is not set');
      return ctx.pass();
    }
    // Refused is not enough: a receiver may answer 401 and still act on the event, maybe later.
    await ctx.sleep(settleMs);
    for (const { forgery, outcome } of sent.filter((entry) => entry.forgery.kind.verdict === 'fail')) {
      const reading = await readProcessedCount(ctx, observe, forgery.eventId);
      const evidence: ExchangeRecord[] = [...evidenceOf(outcome), reading.record];
      if (reading.kind === 'unreadable') return ctx.fail(describeUnreadable(reading), { exchanges: evidence });
      if (reading.count > 0) {
        return ctx.fail(
          `a delivery ${forgery.kind.description} was refused but processed ${reading.count} time(s); expected it not processed`,
          {
            expected: 'processed count 0',
            actual: `processed count ${reading.count}`,
            exchanges: evidence,
          },
        );
      }
    }
    ctx.cover('refused deliveries left unprocessed (read through webhooks.receiver.observe)');
    return ctx.pass();
  },
});
