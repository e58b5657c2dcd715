// The domain of convention 7/2, "a webhook receiver that does not answer with a 2xx status in time
// causes a retry", as the ways the sink fails a first attempt. Pure.
//
// Not 2xx is every other final status: 5xx, 429, every other 4xx (the rule makes no exception for
// "permanent" ones) and 3xx. A redirect counts: 4.3 sends the delivery to the URL the subscriber
// registered and expects a 2xx from it, and a 3xx is no 2xx. The sink's 3xx is a 307 whose Location
// is that same URL, so a sender that follows it delivers the same bytes to the registered URL again,
// which is the retry this rule asks for; only a sender that takes the 3xx as delivered fails. No
// answer at all (the connection closed or reset) is no 2xx either. No answer *in time* is the hold
// of webhooks-sender.retry-after-timeout, so it is not probed here.
import type { DeliveryAnswer, FailureKind } from '../../../harness/check-api/check-context.js';

/**
 * One first attempt per kind, in this order: 503 first, so a sender that emits a single event is
 * judged as the check always did; then one of each class before the second of any.
 */
export const probedFailures: readonly FailureKind[] = [
  { kind: 'status', status: 503 },
  { kind: 'status', status: 404 },
  { kind: 'reset' },
  { kind: 'status', status: 429 },
  { kind: 'status', status: 307 },
  { kind: 'status', status: 500 },
  { kind: 'status', status: 400 },
  { kind: 'close' },
  { kind: 'status', status: 410 },
  { kind: 'status', status: 502 },
  { kind: 'status', status: 401 },
  { kind: 'status', status: 504 },
];

/** "a 404", "a 307 back to the same URL", "a connection reset without an answer". */
export function describeFailure(failure: FailureKind): string {
  switch (failure.kind) {
    case 'status':
      return failure.status >= 300 && failure.status < 400
        ? `a ${failure.status} back to the same URL`
        : `a ${failure.status}`;
    case 'close':
      return 'a connection closed without an answer';
    case 'reset':
      return 'a connection reset without an answer';
  }
}

/** How the sink failed an attempt, read from its recorded answer; undefined when it did not (a 2xx, no answer yet). */
export function failureOfAnswer(answer: DeliveryAnswer): FailureKind | undefined {
  switch (answer.state) {
    case 'answered':
      return answer.status >= 200 && answer.status < 300 ? undefined : { kind: 'status', status: answer.status };
    case 'destroyed':
      return { kind: answer.isReset === true ? 'reset' : 'close' };
    // The sender gave up before an immediate answer: nothing the sink did to judge.
    case 'sender-closed':
    case 'pending':
      return undefined;
  }
}
