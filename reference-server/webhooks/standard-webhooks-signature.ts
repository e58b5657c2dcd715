// The receiver's second signature scheme, Standard Webhooks (--receiver-profile standard-webhooks):
// webhook-id, webhook-timestamp (Unix seconds) and webhook-signature "v1,<base64>" entries separated
// by spaces, one of which must be the HMAC-SHA256 of "{id}.{timestamp}.{body}" under the secret's
// base64 after "whsec_"; a timestamp more than 5 minutes from now is refused. The reference's own
// implementation, apart from the kit's; two defects live here.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const toleranceSeconds = 300;

export interface StandardWebhookHeaders {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
}

export interface StandardWebhookSlips {
  /** receiver-ignores-timestamp: any signed timestamp is taken, however old or far ahead. */
  readonly ignoresTimestamp: boolean;
  /** receiver-reads-first-signature-only: only the first "v1," entry is compared (secret rotation breaks). */
  readonly firstSignatureOnly: boolean;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** The webhook-signature value for a delivery, as a sender in this scheme writes it. */
export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: Uint8Array): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

export function verifyStandardWebhook(
  headers: StandardWebhookHeaders,
  secret: string,
  body: Uint8Array,
  nowSeconds: number,
  slips: StandardWebhookSlips,
): boolean {
  const { id, timestamp, signature } = headers;
  if (
    id === undefined ||
    id === '' ||
    timestamp === undefined ||
    !/^\d{1,12}$/.test(timestamp) ||
    signature === undefined
  )
    return false;
  if (!slips.ignoresTimestamp && Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest();
  const entries = signature.split(' ').filter((entry) => entry.startsWith('v1,'));
  const compared = slips.firstSignatureOnly ? entries.slice(0, 1) : entries;
  return compared.some((entry) => {
    const given = entry.slice('v1,'.length);
    if (!/^[A-Za-z0-9+/]{43}=$/.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, 'base64'), expected);
  });
}
