// Judges one delivery's signature for a failure message: whether it verifies, why not, and the
// first characters of the expected and received digests (never more, never the secret). The
// convention's X-Signature with its encoding pin (webhooks.sender.digestEncoding), or any other
// profile (webhooks.sender.profile). Pure.
import { abbreviateDigests } from '../../../harness/model/abbreviate-digests.js';
import { shownTimestamp, signatureHeaders, verifyDelivery } from '../../../harness/signing/profile-signature.js';
import {
  builtInProfileNames,
  builtInProfiles,
  displayHeaderName,
  signsTimestamp,
  type SignatureProfile,
} from '../../../harness/signing/signature-profile.js';
import {
  computeDigest,
  detectDigestEncoding,
  SIGNATURE_PREFIX,
  verifySignature,
  type DigestEncoding,
  type DigestEncodingChoice,
} from '../../webhooks/verify-signature.js';

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
export function judgeSignature(
  secret: string,
  rawBody: Uint8Array,
  header: string | undefined,
  encoding: DigestEncodingChoice,
): SignatureJudgement {
  const verdict = verifySignature(secret, rawBody, header, encoding);
  const receivedDigest = header?.startsWith(SIGNATURE_PREFIX) ? header.slice(SIGNATURE_PREFIX.length) : header;
  // Compare like with like: the expected digest in the encoding the sender used, when recognisable.
  const shownEncoding: DigestEncoding =
    (receivedDigest !== undefined ? detectDigestEncoding(receivedDigest) : undefined) ??
    (encoding === 'base64' ? 'base64' : 'hex');
  const expected = previewSignature(`${SIGNATURE_PREFIX}${computeDigest(secret, rawBody, shownEncoding)}`, secret);
  const received = header === undefined ? '(no X-Signature header)' : previewSignature(header, secret);
  if (verdict.valid) return { valid: true, expected, received };
  const hint = receivedDigest === undefined ? undefined : findReserializedMatch(secret, rawBody, receivedDigest);
  return {
    valid: false,
    reason: verdict.reason ?? 'does not verify',
    expected,
    received,
    ...(hint !== undefined ? { hint } : {}),
  };
}

/**
 * When the configured profile's signature header is missing: the other published profile whose
 * signature header the delivery does carry, as a one-line hint, or undefined.
 */
export function findOtherProfileSigned(
  configured: string,
  headers: Readonly<Record<string, string>>,
): string | undefined {
  const other = builtInProfileNames
    .map((name) => builtInProfiles[name])
    .find((profile) => profile.name !== configured && headers[profile.signatureHeader] !== undefined);
  if (other === undefined) return undefined;
  return `the delivery carries ${displayHeaderName(other.signatureHeader)}, the ${other.name} profile's signature header: set webhooks.sender.profile to "${other.name}"`;
}

/** The value with each digest cut to its first characters ("sha256=757107ea…", "t=…,v1=5257a869…"); the secret is never shown. */
export function previewSignature(value: string, secret: string): string {
  if (secret !== '' && value.includes(secret)) return '[REDACTED]';
  return abbreviateDigests(value);
}

/**
 * Verifies a delivery in a profile other than the convention's and describes the outcome safely.
 * At any age: whether the timestamp is current is judged apart (webhooks-sender.signed-timestamp-current).
 */
export function judgeProfileSignature(
  profile: SignatureProfile,
  secret: string,
  rawBody: Uint8Array,
  headers: Readonly<Record<string, string>>,
): SignatureJudgement {
  const { toleranceSeconds: _ignored, ...timeless } = profile;
  const verdict = verifyDelivery(timeless, secret, headers, rawBody, 0);
  const value = headers[profile.signatureHeader];
  const id = profile.idHeader === undefined ? '' : headers[profile.idHeader];
  const timestamp = shownTimestamp(profile, headers);
  // A signature over an id or a time the delivery does not show would be a made-up expectation.
  const unsigned = [
    profile.signedContent.includes('{id}') && id === undefined ? 'id' : undefined,
    signsTimestamp(profile) && timestamp === undefined ? 'timestamp' : undefined,
  ].filter((what) => what !== undefined);
  const expected =
    unsigned.length > 0
      ? `(none to show: the delivery carries no ${unsigned.join(' and no ')} to sign)`
      : previewSignature(
          signatureHeaders(profile, secret, { id: id ?? '', timestamp: timestamp ?? 0, body: rawBody })[
            profile.signatureHeader
          ]!,
          secret,
        );
  const received =
    value === undefined ? `(no ${displayHeaderName(profile.signatureHeader)} header)` : previewSignature(value, secret);
  if (verdict.valid) return { valid: true, expected, received };
  const hint = findReserializedMatchIn(rawBody, (bytes) => verifyDelivery(timeless, secret, headers, bytes, 0).valid);
  return { valid: false, reason: verdict.reason, expected, received, ...(hint !== undefined ? { hint } : {}) };
}

// The usual bug: signing JSON.stringify of the parsed payload instead of the bytes on the wire.
function findReserializedMatch(secret: string, rawBody: Uint8Array, receivedDigest: string): string | undefined {
  return findReserializedMatchIn(rawBody, (bytes) =>
    (['hex', 'base64'] as const).some((encoding) => computeDigest(secret, bytes, encoding) === receivedDigest),
  );
}

function findReserializedMatchIn(rawBody: Uint8Array, verifies: (bytes: Uint8Array) => boolean): string | undefined {
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
    if (verifies(bytes)) return `the digest is the HMAC of the body re-serialized as ${name}, not of the bytes sent`;
  }
  return undefined;
}
