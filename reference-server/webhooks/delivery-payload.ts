// The exact bytes and headers of one delivery attempt. Pure, so each sender defect's effect on the
// wire is testable without a socket.
import type { DefectName } from '../defects.js';
import { computeDigest } from './signature.js';

/** One event as the service emits it (convention section 2). */
export interface OutgoingEvent {
  readonly event: string;
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface DeliveryPayload {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/** Builds attempt number `attempt` (1-based) of delivering `event` to a subscriber with `secret`. */
export function buildDeliveryPayload(
  event: OutgoingEvent,
  secret: string,
  attempt: number,
  defects: ReadonlySet<DefectName>,
): DeliveryPayload {
  const envelope: Record<string, unknown> = defects.has('webhook-type-field')
    ? { type: event.event, id: event.id, data: event.data }
    : { event: event.event, id: event.id, data: event.data };
  if (defects.has('retry-changes-body')) envelope.attempt = attempt;
  const compact = Buffer.from(JSON.stringify(envelope), 'utf8');
  const body = defects.has('signature-over-reserialized-body')
    ? Buffer.from(JSON.stringify(envelope, null, 2), 'utf8')
    : compact;
  // The clean sender signs exactly the bytes it sends; the defect signs the compact form instead.
  const signedBytes = defects.has('signature-over-reserialized-body') ? compact : body;
  const signingSecret = defects.has('signature-wrong-secret') ? `${secret}-rotated` : secret;
  const digest = computeDigest(signingSecret, signedBytes, defects.has('signature-base64') ? 'base64' : 'hex');
  const headers: Record<string, string> = {
    'content-type': defects.has('webhook-text-plain') ? 'text/plain' : 'application/json',
    'user-agent': 'apicert-reference-server',
  };
  if (!defects.has('no-signature-header')) {
    headers['x-signature'] = defects.has('signature-without-prefix') ? digest : `sha256=${digest}`;
  }
  return { body, headers };
}
