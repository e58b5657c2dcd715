// The precondition of every "refuses X" check: the receiver accepts the valid counterpart, a
// correctly signed, complete, small event of the same shape. A receiver that refuses everything
// would otherwise pass them all while proving nothing.
import type { CheckContext, CheckOutcome } from '../../../harness/check-api/check-context.js';
import { buildEvent, type ReceiverSetup } from './receiver-setup.js';
import { describeOutcome, isAcknowledged, sendDelivery } from './send-delivery.js';

/** undefined when a valid delivery is acknowledged; otherwise the check is blocked, saying by what. */
export async function proveValidDeliveryAccepted(
  ctx: CheckContext,
  setup: ReceiverSetup,
  refused: string,
): Promise<CheckOutcome | undefined> {
  const outcome = await sendDelivery(ctx, setup, {
    rawBody: JSON.stringify(buildEvent(ctx, setup, 'create')),
    note: 'a correctly signed event, to show the receiver accepts what it should',
  });
  if (isAcknowledged(outcome)) return undefined;
  return ctx.blocked(
    `a correctly signed delivery ${describeOutcome(outcome)} too, so refusing ${refused} proves nothing; ` +
      'see webhooks-receiver.signed-delivery-acknowledged',
    'webhooks-receiver.signed-delivery-acknowledged',
  );
}
