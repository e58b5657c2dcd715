// Judges one delivery's X-Signature for a failure message: whether it verifies, why not, and the
// first characters of the expected and received digests (never more, never the secret). Pure.
import {
  computeDigest,
  detectDigestEncoding,
  SIGNATURE_PREFIX,
  verifySignature,
  type DigestEncoding,
  type DigestEncodingChoice,
} from '../../webhooks/verify-signature.js';

/** Characters of a digest shown in evidence. */
export const DIGEST_PREVIEW_CHARS = 8;

export interface SignatureJudgement {
  readonly valid: boolean;
  readonly reason?: string;
  /** The expected header, digest cut to its first characters. */
  readonly expected: string;
  /** The received header, digest cut to its first characters; a note when absent. */
  readonly received: string;
  /** A likely cause, when the digest matches something other than the raw bytes. */
  readonly hint?: string;
}

/** Verifies `header` over `rawBody` and describes the outcome safely. */
export function judgeSignature(secret: string, rawBody: Uint8Array, header: string | undefined, encoding: DigestEncodingChoice): SignatureJudgement {
  const verdict = verifySignature(secret, rawBody, header, encoding);
  const receivedDigest = header?.startsWith(SIGNATURE_PREFIX) ? header.slice(SIGNATURE_PREFIX.length) : header;
  // Compare like with like: the expected digest in the encoding the sender used, when recognisable.
  const shownEncoding: DigestEncoding = (receivedDigest !== undefined ? detectDigestEncoding(receivedDigest) : undefined) ?? (encoding === 'base64' ? 'base64' : 'hex');
  const expected = previewSignature(`${SIGNATURE_PREFIX}${computeDigest(secret, rawBody, shownEncoding)}`, secret);
  const received = header === undefined ? '(no X-Signature header)' : previewSignature(header, secret);
  if (verdict.valid) return { valid: true, expected, received };
  const hint = receivedDigest === undefined ? undefined : findReserializedMatch(secret, rawBody, receivedDigest);
  return { valid: false, reason: verdict.reason ?? 'does not verify', expected, received, ...(hint !== undefined ? { hint } : {}) };
}

/** "sha256=" plus the first characters of the digest; the secret is never shown. */
export function previewSignature(value: string, secret: string): string {
  if (secret !== '' && value.includes(secret)) return '[REDACTED]';
  const label = value.startsWith(SIGNATURE_PREFIX) ? SIGNATURE_PREFIX : '';
  const digest = value.slice(label.length);
  return digest.length <= DIGEST_PREVIEW_CHARS ? value : `${label}${digest.slice(0, DIGEST_PREVIEW_CHARS)}…`;
}

// The usual bug: signing JSON.stringify of the parsed payload instead of the bytes on the wire.
function findReserializedMatch(secret: string, rawBody: Uint8Array, receivedDigest: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    return undefined;
  }
  const forms: ReadonlyArray<readonly [string, string]> = [
    ['compact JSON', JSON.stringify(parsed)],
    ['JSON indented by 2', JSON.stringify(parsed, null, 2)],
  ];
  for (const [name, text] of forms) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.equals(Buffer.from(rawBody))) continue;
    for (const encoding of ['hex', 'base64'] as const) {
      if (computeDigest(secret, bytes, encoding) === receivedDigest) {
        return `the digest is the HMAC of the body re-serialized as ${name}, not of the bytes sent`;
      }
    }
  }
  return undefined;
}
