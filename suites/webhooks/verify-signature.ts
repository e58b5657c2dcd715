// X-Signature checking shared by both webhook roles (convention 5.3): the header is "sha256=" followed
// by the HMAC-SHA256 of the raw, unparsed body bytes. The convention leaves the digest encoding open
// (5.5), so a verifier accepts hex (base16, either case: RFC 4648 writes it upper-case) or standard
// padded base64 unless one is pinned.
// Pure: no I/O, so the vector file in signature-vectors.json can drive it directly.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How a digest is written after the "sha256=" label. */
export type DigestEncoding = 'hex' | 'base64';

/** A pinned encoding, or 'either' to accept both. */
export type DigestEncodingChoice = DigestEncoding | 'either';

/** The label every X-Signature value starts with. */
export const SIGNATURE_PREFIX = 'sha256=';

/** The outcome of checking one header; `reason` says why when it is not valid. */
export interface SignatureVerdict {
  readonly valid: boolean;
  readonly reason?: string;
}

const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;
// 32 bytes in standard base64 are 43 symbols and one "=" of padding.
const BASE64_DIGEST = /^[A-Za-z0-9+/]{43}=$/;

/** The digest of `rawBody` under `secret`, without the label. */
export function computeDigest(secret: string, rawBody: Uint8Array, encoding: DigestEncoding): string {
  return createHmac('sha256', secret).update(rawBody).digest(encoding);
}

/** The full X-Signature value for `rawBody`: "sha256=<digest>". */
export function signBody(secret: string, rawBody: Uint8Array, encoding: DigestEncoding): string {
  return `${SIGNATURE_PREFIX}${computeDigest(secret, rawBody, encoding)}`;
}

/** Checks an X-Signature value against the exact bytes received; never throws. */
export function verifySignature(
  secret: string,
  rawBody: Uint8Array,
  header: string | undefined,
  encoding: DigestEncodingChoice,
): SignatureVerdict {
  if (header === undefined || header === '') return { valid: false, reason: 'no X-Signature header' };
  if (!header.startsWith(SIGNATURE_PREFIX))
    return { valid: false, reason: `X-Signature does not begin with "${SIGNATURE_PREFIX}"` };
  const digestText = header.slice(SIGNATURE_PREFIX.length);
  const decoded = decodeDigest(digestText, encoding);
  if ('reason' in decoded) return { valid: false, reason: decoded.reason };
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Constant time, so a verifier built on this leaks nothing about how many bytes matched.
  if (!timingSafeEqual(decoded.bytes, expected)) {
    return { valid: false, reason: 'digest is not the HMAC-SHA256 of the raw body under the secret' };
  }
  return { valid: true };
}

/** Which encoding a digest text is written in, or undefined when it is neither form. */
export function detectDigestEncoding(digestText: string): DigestEncoding | undefined {
  if (HEX_DIGEST.test(digestText)) return 'hex';
  if (BASE64_DIGEST.test(digestText)) return 'base64';
  return undefined;
}

function decodeDigest(digestText: string, allowed: DigestEncodingChoice): { bytes: Buffer } | { reason: string } {
  if (digestText === '') return { reason: 'empty digest after "sha256="' };
  const found = detectDigestEncoding(digestText);
  if (found === undefined) {
    return {
      reason: `digest is not 32 bytes of ${allowed === 'either' ? 'hex or base64' : allowed} (${digestText.length} characters)`,
    };
  }
  if (allowed !== 'either' && found !== allowed) return { reason: `digest is ${found} but ${allowed} is pinned` };
  return { bytes: Buffer.from(digestText, found) };
}
