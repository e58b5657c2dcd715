// The judgement of bad input the convention leaves open (section 8: payload size limits; what a
// receiver does with an event missing a field, or when it parses, is not shown). By default every
// reasonable answer passes: a 4xx, a closed connection (refused before reading it all), even a 2xx
// (4.3: answer first, process afterwards) or a 5xx, the last two with advice. No answer at all fails:
// a receiver answers quickly (4.3, 6/3). A check may also fail a 5xx, where it misreports the
// sender's plain error as the receiver's (7/1). Pinned to "refuse", only a 4xx or a closed
// connection passes. Pure.
import { isSuccess } from '../../internal/answer-shape.js';
import type { DeliveryOutcome } from './send-delivery.js';

/** What the config accepts: any prompt answer ('either'), or a refusal only ('refuse'). */
export type OpenRefusalPolicy = 'either' | 'refuse';

export type OpenRefusalVerdict =
  | { readonly kind: 'refused' }
  | { readonly kind: 'accepted'; readonly advice: string }
  | { readonly kind: 'failed'; readonly problem: string };

/** How a 5xx is judged: advice, or a failure (convention 7/1) where the error is plainly the sender's. */
export type ServerErrorVerdict = 'advise' | 'fail';

/** `pinKey` names the config key of the policy, for the message of a broken pin. */
export function judgeOpenRefusal(
  outcome: DeliveryOutcome,
  policy: OpenRefusalPolicy,
  pinKey: string,
  serverError: ServerErrorVerdict = 'advise',
): OpenRefusalVerdict {
  if (!outcome.answered) {
    // Closed or reset before answering: the receiver would not read the body, which refuses it.
    if (outcome.code === 'APICERT_HTTP_CONNECTION_FAILED') return { kind: 'refused' };
    return {
      kind: 'failed',
      problem: `gave no answer (${outcome.reason}); a receiver answers quickly (convention 4.3, 6/3)`,
    };
  }
  if (outcome.status >= 400 && outcome.status <= 499) return { kind: 'refused' };
  if (outcome.status >= 500 && serverError === 'fail')
    return {
      kind: 'failed',
      problem: `answered ${outcome.status}, a server error for the sender's bad body (convention 7/1)`,
    };
  const what = isSuccess(outcome.status) ? `answered ${outcome.status}, accepting it` : `answered ${outcome.status}`;
  if (policy === 'refuse')
    return { kind: 'failed', problem: `${what}; ${pinKey} pins "refuse" (a 4xx or a closed connection)` };
  const advice =
    outcome.status >= 500
      ? `${what}: a 5xx invites the sender to retry a body that can never succeed; a 4xx says it is the sender's error`
      : `${what}: the convention leaves this open, but a refusal (4xx) tells the sender about its bug`;
  return { kind: 'accepted', advice };
}
