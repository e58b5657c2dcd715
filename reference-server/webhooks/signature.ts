// X-Signature: "sha256=" + HMAC-SHA256(secret, raw body bytes) (convention 5.3). The sender writes
// lowercase hex; the receiver also accepts base64, since the convention leaves the encoding open.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type DigestEncoding = 'hex' | 'base64';

/** The digest of `body` under `secret`, without the label. */
export function computeDigest(secret: string, body: Uint8Array, encoding: DigestEncoding): string {
  return createHmac('sha256', secret).update(body).digest(encoding);
}

/** The X-Signature value for `body`: "sha256=<digest>". */
export function signatureHeader(secret: string, body: Uint8Array, encoding: DigestEncoding = 'hex'): string {
  return `sha256=${computeDigest(secret, body, encoding)}`;
}

/** True when `header` is "sha256=<hex or base64 digest>" of exactly these bytes under `secret`. */
export function verifySignatureHeader(header: string | undefined, secret: string, body: Uint8Array): boolean {
  if (header === undefined) return false;
  const match = /^sha256=(.+)$/.exec(header.trim());
  if (match === null) return false;
  const given = decodeDigest(match[1]!);
  if (given === undefined) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  // Constant time, so the comparison leaks nothing about how many bytes matched.
  return timingSafeEqual(given, expected);
}

function decodeDigest(text: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64');
  return undefined;
}

/**
 * The receiver-compares-digest-prefix defect: compares only as many characters as were given
 * (a slip made to dodge timingSafeEqual's throw on unequal lengths), so any prefix of the right
 * hex or base64 digest verifies, down to an empty one.
 */
export function isDigestPrefixOfSignature(header: string | undefined, secret: string, body: Uint8Array): boolean {
  if (header === undefined || !header.startsWith('sha256=')) return false;
  const given = header.slice('sha256='.length);
  const digest = createHmac('sha256', secret).update(body).digest();
  return [digest.toString('hex'), digest.toString('base64')].some(
    (expected) => expected.startsWith(given.toLowerCase()) || expected.startsWith(given),
  );
}
