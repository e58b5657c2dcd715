// How the reference sender signs a delivery (--sender-profile): the convention's X-Signature, or one
// of the published schemes, each written here from its own specification, apart from the kit's
// profiles, so that a check agreeing with both has agreed with two implementations. Pure.
import { createHmac } from 'node:crypto';

export const senderProfiles = ['convention', 'github', 'standard-webhooks', 'stripe', 'shopify'] as const;
export type SenderProfile = (typeof senderProfiles)[number];

/** What one attempt signs: the id its header carries, the time in Unix seconds, the exact body bytes. */
export interface SignedAttempt {
  /** The event id the id header carries (webhook-id, X-GitHub-Delivery, X-Shopify-Webhook-Id): the body's id when clean. */
  readonly headerId: string;
  readonly timestampSeconds: number;
  readonly body: Uint8Array;
}

/** Slips a signer can make, each a defect switch. */
export interface SigningSlips {
  /** signature-wrong-secret: signs under another secret. */
  readonly wrongSecret: boolean;
  /** signature-over-reserialized-body: signs these bytes instead of the body sent. */
  readonly signedBytes?: Uint8Array;
  /** signature-without-prefix: the convention's digest without "sha256=". */
  readonly withoutPrefix: boolean;
  /** signature-base64: the convention's digest in base64. */
  readonly base64: boolean;
}

function hmac(key: Buffer | string, ...parts: (string | Uint8Array)[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

// A Standard Webhooks secret is "whsec_" and the key in base64.
function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** The signature headers of one attempt in `profile`; an empty object when there is no signature header to send. */
export function signatureHeadersFor(
  profile: SenderProfile,
  secret: string,
  attempt: SignedAttempt,
  slips: SigningSlips,
): Record<string, string> {
  const key = slips.wrongSecret ? `${secret}-rotated` : secret;
  const bytes = slips.signedBytes ?? attempt.body;
  const idHeader = attempt.headerId;
  const t = String(attempt.timestampSeconds);
  switch (profile) {
    case 'convention': {
      const digest = hmac(key, bytes).toString(slips.base64 ? 'base64' : 'hex');
      return { 'x-signature': slips.withoutPrefix ? digest : `sha256=${digest}` };
    }
    case 'github':
      return {
        'x-hub-signature-256': `sha256=${hmac(key, bytes).toString('hex')}`,
        'x-github-delivery': idHeader,
        'x-github-event': 'apicert',
      };
    case 'standard-webhooks': {
      const digest = hmac(
        slips.wrongSecret ? standardWebhooksKey(secret).reverse() : standardWebhooksKey(secret),
        `${idHeader}.${t}.`,
        bytes,
      ).toString('base64');
      return { 'webhook-id': idHeader, 'webhook-timestamp': t, 'webhook-signature': `v1,${digest}` };
    }
    case 'stripe':
      return { 'stripe-signature': `t=${t},v1=${hmac(key, `${t}.`, bytes).toString('hex')}` };
    case 'shopify':
      return {
        'x-shopify-hmac-sha256': hmac(key, bytes).toString('base64'),
        'x-shopify-webhook-id': idHeader,
        'x-shopify-topic': 'apicert',
      };
  }
}
