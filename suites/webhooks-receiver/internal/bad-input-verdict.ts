// The judgement shared by the bad-input checks. Pure. Convention 7/1: a request the receiver cannot
// use is the sender's error, a 4xx; a 5xx invites the sender to retry the same bad body until its
// retry window ends, and no answer at all ties the sender up until its time-out.
import { isSuccess } from '../../internal/answer-shape.js';
import type { DeliveryOutcome } from './send-delivery.js';

/** Why the answer to a bad delivery is wrong, or undefined when it is a 4xx. */
export function findBadInputProblem(outcome: DeliveryOutcome): string | undefined {
  if (!outcome.answered) return `gave no answer (${outcome.reason})`;
  if (outcome.status >= 400 && outcome.status <= 499) return undefined;
  if (outcome.status >= 500) return `answered ${outcome.status}, a server error`;
  if (isSuccess(outcome.status)) return `answered ${outcome.status}, accepting it`;
  return `answered ${outcome.status}`;
}
