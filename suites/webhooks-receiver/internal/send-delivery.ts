// Sends one delivery to the receiver as a webhook sender would (convention 4.3): POST, JSON body as
// given byte for byte, signed over those bytes in the configured profile (X-Signature by default).
// No API credential: the signature is the receiver's credential, and the kit's token must not
// travel to a receiver on another host.
import { createHash } from 'node:crypto';
import type { CheckContext, ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { isSuccess } from '../../internal/answer-shape.js';
import { signatureHeaders } from '../../../harness/signing/profile-signature.js';
import type { ReceiverSetup } from './receiver-setup.js';

/**
 * How the delivery is signed: correctly over its bytes, without a signature header, or with a given
 * signature header value. The profile's id and timestamp headers are sent in every case.
 */
export type DeliverySignature = 'valid' | 'missing' | { readonly header: string };

export interface Delivery {
  /** The exact body text; signed and sent as its UTF-8 bytes. */
  readonly rawBody: string;
  readonly signature?: DeliverySignature;
  /** The Unix time in seconds the delivery says it was signed at, where the profile sends one; default now. */
  readonly timestamp?: number;
  /** Why it is sent, shown in the evidence. */
  readonly note: string;
}

/** The receiver answered with a status, or gave none (time-out, connection closed). */
export type DeliveryOutcome =
  | { readonly answered: true; readonly status: number; readonly durationMs: number; readonly record: ExchangeRecord }
  | {
      readonly answered: false;
      /** The transport error's code: a time-out, or a connection closed or reset. */
      readonly code: string;
      readonly reason: string;
      readonly record: ExchangeRecord | undefined;
    };

// The HTTP client's transport failures that mean "the receiver gave no answer": for these checks a
// finding about the target, not a harness error. Matched by code because suites may not import
// harness/errors (lint boundary); the codes are stable by contract.
const noAnswerCodes = new Set(['APICERT_HTTP_TIMEOUT', 'APICERT_HTTP_CONNECTION_FAILED']);

/** Sends `delivery`; an answer of any status is returned, and so is no answer at all. */
export async function sendDelivery(
  ctx: CheckContext,
  setup: ReceiverSetup,
  delivery: Delivery,
): Promise<DeliveryOutcome> {
  const signature = delivery.signature ?? 'valid';
  const event = deliveryEventOf(delivery.rawBody);
  const message = {
    id: deliveryIdOf(delivery.rawBody),
    timestamp: delivery.timestamp ?? nowInSeconds(),
    body: delivery.rawBody,
    ...(event !== undefined ? { event } : {}),
  };
  const signed = signatureHeaders(setup.profile, setup.secret, message, { encoding: setup.encoding });
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signed };
  if (signature === 'missing') delete headers[setup.profile.signatureHeader];
  else if (signature !== 'valid') headers[setup.profile.signatureHeader] = signature.header;
  try {
    const response = await ctx.request({
      method: 'POST',
      path: setup.url,
      body: delivery.rawBody,
      headers,
      credential: 'none',
      // A sender judges the receiver's first answer: a 429 is a non-2xx here, not a wait.
      waitsOutThrottling: false,
      // A receiver may refuse by closing the connection: that is not the target going silent.
      isWebhookDelivery: true,
      note: delivery.note,
    });
    return { answered: true, status: response.status, durationMs: response.durationMs, record: response.record };
  } catch (error) {
    // A check-wide abort (its time budget) is the runner's to report.
    if (ctx.signal.aborted || !isNoAnswer(error)) throw error;
    return { answered: false, code: error.code, reason: `${error.code}: ${error.message}`, record: error.record };
  }
}

/** The Unix time in seconds, as a signed timestamp gives it. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// The profile's id header names the event: the body's own id, so a redelivery carries the same one;
// a body without one (malformed, incomplete) gets a stand-in, the same for the same bytes.
/** The body's `event`, for a profile that names it in a header; undefined when the body has none. */
export function deliveryEventOf(rawBody: string): string | undefined {
  try {
    const event = (JSON.parse(rawBody) as { event?: unknown } | null)?.event;
    return typeof event === 'string' && event !== '' && event.length <= 200 ? event : undefined;
  } catch {
    return undefined;
  }
}

export function deliveryIdOf(rawBody: string): string {
  try {
    const id = (JSON.parse(rawBody) as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id !== '') return id;
  } catch {
    // Not JSON: the stand-in below.
  }
  return `evt_body_${createHash('sha256').update(rawBody).digest('hex').slice(0, 16)}`;
}

function isNoAnswer(error: unknown): error is Error & { code: string; record?: ExchangeRecord } {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && noAnswerCodes.has(error.code);
}

/** True for a 2xx answer. */
export function isAcknowledged(outcome: DeliveryOutcome): boolean {
  return outcome.answered && isSuccess(outcome.status);
}

/** "answered 409" or "gave no answer (…)", for messages. */
export function describeOutcome(outcome: DeliveryOutcome): string {
  return outcome.answered ? `answered ${outcome.status}` : `gave no answer (${outcome.reason})`;
}

/** The outcome's exchange as evidence, when one was recorded. */
export function evidenceOf(...outcomes: readonly DeliveryOutcome[]): ExchangeRecord[] {
  return outcomes.flatMap((outcome) => (outcome.record === undefined ? [] : [outcome.record]));
}
