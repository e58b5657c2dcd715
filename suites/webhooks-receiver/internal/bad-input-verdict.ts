// The judgement of a correctly signed body that is not JSON. Pure. A 5xx misreports the sender's error
// as the receiver's (7/1) and invites the sender to retry a body that can never succeed; no answer
// ties the sender up until its time-out (4.3, 6/3). A 2xx is the design 4.3 describes (answer
// first, process afterwards), so it passes with advice, unless webhooks.receiver.malformedBody pins
// "refuse". A 4xx or a closed connection refuses it.
import { isSuccess } from '../../internal/answer-shape.js';
import type { OpenRefusalPolicy } from './open-refusal-verdict.js';
import type { DeliveryOutcome } from './send-delivery.js';

export type BadInputVerdict = { readonly kind: 'refused' } | { readonly kind: 'accepted'; readonly advice: string } | { readonly kind: 'failed'; readonly problem: string };

export function judgeBadInput(outcome: DeliveryOutcome, policy: OpenRefusalPolicy): BadInputVerdict {
  if (!outcome.answered) {
    if (outcome.code === 'APICERT_HTTP_CONNECTION_FAILED') return { kind: 'refused' };
    return { kind: 'failed', problem: `gave no answer (${outcome.reason}); a receiver answers quickly (convention 4.3, 6/3)` };
  }
  if (outcome.status >= 400 && outcome.status <= 499) return { kind: 'refused' };
  if (outcome.status >= 500) return { kind: 'failed', problem: `answered ${outcome.status}, a server error for the sender's malformed body (convention 7/1)` };
  const what = isSuccess(outcome.status) ? `answered ${outcome.status}, accepting it` : `answered ${outcome.status}`;
  if (policy === 'refuse') return { kind: 'failed', problem: `${what}; webhooks.receiver.malformedBody pins "refuse" (a 4xx or a closed connection)` };
  return { kind: 'accepted', advice: `${what}: answering first and parsing later is allowed (convention 4.3), but a 4xx tells the sender about its bug` };
}
