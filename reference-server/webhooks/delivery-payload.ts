// The exact bytes and headers of one delivery attempt. Pure, so each sender defect's effect on the
// wire is testable without a socket.
import type { DefectName } from '../defects.js';
import { signatureHeadersFor, type SenderProfile, type SignedAttempt } from './sender-signature-schemes.js';

/** One event as the service emits it (convention section 2). */
export interface OutgoingEvent {
  readonly event: string;
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface DeliveryPayload {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  /** What an external signer (SigningScheme.sign) is to sign; the headers then carry no signature yet. */
  readonly toSign?: SignedAttempt;
}

/** How a subscriber's deliveries are signed: the scheme, and the clock it reads (Unix seconds). */
export interface SigningScheme {
  readonly profile: SenderProfile;
  readonly nowSeconds: () => number;
  /**
   * Signs in place of the built-in schemes (in-process only: a test signs with a library, such as
   * standardwebhooks, to prove a sender built on it passes). The signature slips do not apply.
   */
  readonly sign?: ExternalSigner;
}

/** Every signature header of one attempt, as a library writes them (some libraries sign asynchronously). */
export type ExternalSigner = (
  secret: string,
  attempt: SignedAttempt,
) => Record<string, string> | Promise<Record<string, string>>;

const conventionScheme: SigningScheme = { profile: 'convention', nowSeconds: () => Math.floor(Date.now() / 1000) };

// sender-stale-timestamp signs as if the attempt were this much older: past every profile's tolerance.
const staleBySeconds = 600;

/** Builds attempt number `attempt` (1-based) of delivering `event` to a subscriber with `secret`. */
export function buildDeliveryPayload(
  event: OutgoingEvent,
  secret: string,
  attempt: number,
  defects: ReadonlySet<DefectName>,
  scheme: SigningScheme = conventionScheme,
): DeliveryPayload {
  const envelope: Record<string, unknown> = defects.has('webhook-type-field')
    ? { type: event.event, id: event.id, data: event.data }
    : { event: event.event, id: event.id, data: event.data };
  if (defects.has('retry-changes-body')) envelope.attempt = attempt;
  const compact = Buffer.from(JSON.stringify(envelope), 'utf8');
  const isReserialized = defects.has('signature-over-reserialized-body');
  const body = isReserialized ? Buffer.from(JSON.stringify(envelope, null, 2), 'utf8') : compact;
  const headers: Record<string, string> = {
    'content-type': defects.has('webhook-text-plain') ? 'text/plain' : 'application/json',
    'user-agent': 'apicert-reference-server',
  };
  if (defects.has('no-signature-header')) return { body, headers };
  const signedAttempt: SignedAttempt = {
    headerId: headerIdOf(event.id, attempt, defects),
    timestampSeconds: scheme.nowSeconds() - (defects.has('sender-stale-timestamp') ? staleBySeconds : 0),
    body,
  };
  if (scheme.sign !== undefined) return { body, headers, toSign: signedAttempt };
  // The clean sender signs exactly the bytes it sends; the defect signs the compact form instead.
  const signed = signatureHeadersFor(scheme.profile, secret, signedAttempt, {
    wrongSecret: defects.has('signature-wrong-secret'),
    ...(isReserialized ? { signedBytes: compact } : {}),
    withoutPrefix: defects.has('signature-without-prefix'),
    base64: defects.has('signature-base64'),
  });
  if (defects.has('sender-omits-id-header')) {
    for (const name of ['x-github-delivery', 'x-shopify-webhook-id']) delete signed[name];
  }
  return { body, headers: { ...headers, ...signed } };
}

// The id a profile's id header carries. Clean: the body's event id, on every attempt.
function headerIdOf(eventId: string, attempt: number, defects: ReadonlySet<DefectName>): string {
  if (attempt > 1 && defects.has('sender-id-header-changes-on-retry')) return `${eventId}_retry${attempt}`;
  return eventId;
}
