// Turns one captured delivery into its evidence record (direction "inbound"): body bounded, every
// secret redacted, and the signature's digests shortened to their first characters, so a report shows
// enough to compare digests and never enough to matter. Pure.
import { recordBody, type EvidencePolicy } from '../http/exchange-record.js';
import { redactHeaders, redactText } from '../http/redact.js';
import { abbreviateDigests } from '../model/abbreviate-digests.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { DeliveryAnswer, SinkDelivery } from './sink-types.js';

/** The headers the sink keeps and shortens in evidence when none is named: the convention's. */
export const conventionSignatureHeaders: readonly string[] = ['x-signature'];

/** The evidence record of `delivery`; `baseUrl` is the sink URL the path is resolved against. */
export function toDeliveryRecord(
  delivery: SinkDelivery,
  baseUrl: string,
  policy: EvidencePolicy,
  signatureHeaders: readonly string[] = conventionSignatureHeaders,
): ExchangeRecord {
  const headers = redactHeaders(delivery.headers, policy.secrets);
  // Only the signature's digests: an id or timestamp header is shown whole, so a change shows.
  const signature = signatureHeaders[0];
  if (signature !== undefined && headers[signature] !== undefined)
    headers[signature] = abbreviateDigests(headers[signature]);
  const request = {
    method: delivery.method,
    url: redactText(joinUrl(baseUrl, delivery.path), policy.secrets),
    headers,
    body: recordBody(delivery.body, policy, delivery.bodyBytes),
  };
  const { answer } = delivery;
  return {
    direction: 'inbound',
    request,
    ...(answer.state === 'answered' ? { response: { status: answer.status, headers: {} } } : {}),
    startedAt: delivery.receivedAt,
    durationMs: 'afterMs' in answer ? Math.round(answer.afterMs) : 0,
    // The event id is the sender's to choose, so the note is redacted like everything it sent.
    note: redactText(describeAnswer(delivery, answer), policy.secrets),
    delivery: {
      attempt: delivery.attemptOfEvent,
      ...(delivery.eventId === undefined ? {} : { eventId: redactText(delivery.eventId, policy.secrets) }),
    },
  };
}

function describeAnswer(delivery: SinkDelivery, answer: DeliveryAnswer): string {
  const which = `delivery ${delivery.attemptOfEvent} of ${delivery.eventId === undefined ? 'this body' : `event ${delivery.eventId}`}`;
  switch (answer.state) {
    case 'pending':
      return `${which}: no answer yet`;
    case 'answered':
      return answer.late
        ? `${which}: the sink held the answer ${Math.round(answer.afterMs)} ms, then answered ${answer.status}; the sender was still waiting`
        : `${which}: the sink answered ${answer.status}`;
    case 'sender-closed':
      return `${which}: the sender closed the connection after ${Math.round(answer.afterMs)} ms, before any answer (it gave up waiting)`;
    case 'destroyed':
      return `${which}: the sink ${answer.isReset === true ? 'reset' : 'cut'} the connection after ${Math.round(answer.afterMs)} ms without answering`;
  }
}

// The path is shown as the sink received it (a tunnel may have kept or stripped its own prefix).
function joinUrl(baseUrl: string, path: string): string {
  const origin = new URL(baseUrl).origin;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
