// Published test vectors for each signature profile: one event signed with a fixed secret, id and
// time, and the ways a delivery must and must not verify (a changed byte, another secret, a short
// digest, a stale or future or replayed timestamp, several signatures with one or none valid…).
// Deterministic, so docs/signature-vectors.json is generated from here and a test keeps it current;
// apicert vectors --profile NAME prints one profile's. Pure.
import { digestOf, signatureHeaders, type SignedMessage } from '../../../harness/signing/profile-signature.js';
import {
  signsTimestamp,
  takesSeveralSignatures,
  type SignatureProfile,
} from '../../../harness/signing/signature-profile.js';

export interface SignatureVector {
  readonly name: string;
  readonly expected: 'valid' | 'invalid';
  /** Why, in one sentence. */
  readonly why: string;
  readonly secret: string;
  /** Lower-case header names, as a receiver sees them. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body text (UTF-8). */
  readonly body: string;
  /** The receiver's clock, in Unix seconds. */
  readonly now: number;
}

export interface ProfileVectors {
  readonly profile: string;
  readonly vectors: readonly SignatureVector[];
}

const eventId = 'evt_2f1c9a7d';
const signedAt = 1_767_225_600; // 2026-01-01T00:00:00Z
const body = `{"event":"customer.created","id":"${eventId}","data":{"id":"cus_7","name":"Ada Lovelace"}}`;

/** The fixed secret of the vectors, in the profile's key form. */
export function vectorSecret(profile: SignatureProfile, variant = 'apicert-vector-key-one'): string {
  if (profile.key.form === 'base64')
    return `${profile.key.prefix}${Buffer.from(variant.padEnd(24, '!')).toString('base64')}`;
  return profile.name === 'stripe' ? `whsec_${variant.replaceAll('-', '')}` : variant;
}

export function vectorsFor(profile: SignatureProfile): ProfileVectors {
  const secret = vectorSecret(profile);
  const otherSecret = vectorSecret(profile, 'apicert-vector-key-two');
  const message: SignedMessage = { id: eventId, timestamp: signedAt, body, event: 'customer.created' };
  const now = signedAt + 30;
  const signed = signatureHeaders(profile, secret, message);
  const header = profile.signatureHeader;
  const vector = (
    name: string,
    expected: SignatureVector['expected'],
    why: string,
    changes: Partial<Omit<SignatureVector, 'name' | 'expected' | 'why'>> = {},
  ): SignatureVector => ({
    name,
    expected,
    why,
    secret,
    headers: signed,
    body,
    now,
    ...changes,
  });
  const vectors: SignatureVector[] = [vector('signed', 'valid', 'the delivery as the profile signs it')];
  if (profile.encoding === 'either') {
    vectors.push(
      vector('signed-base64', 'valid', 'the same digest in base64, which the profile accepts as well as hex', {
        headers: signatureHeaders(profile, secret, message, { encoding: 'base64' }),
      }),
    );
  }
  const hexOrBase64 = profile.encoding === 'base64' ? 'base64' : 'hex';
  if (takesSeveralSignatures(profile)) {
    const rotated = digestOf(profile, otherSecret, message, hexOrBase64);
    vectors.push(
      vector(
        'several-signatures-one-valid',
        'valid',
        'a signature under a rotated-out secret, then one under the secret: one that verifies is enough',
        { headers: signatureHeaders(profile, secret, message, { otherDigests: [rotated] }) },
      ),
    );
    const none = signatureHeaders(profile, otherSecret, message, {
      otherDigests: [digestOf(profile, vectorSecret(profile, 'apicert-vector-key-three'), message, hexOrBase64)],
    });
    vectors.push(
      vector('several-signatures-none-valid', 'invalid', 'two signatures, neither under the secret', { headers: none }),
    );
  }
  if (signsTimestamp(profile) && profile.toleranceSeconds !== undefined) {
    const tolerance = profile.toleranceSeconds;
    vectors.push(
      vector(
        'timestamp-at-the-tolerance',
        'valid',
        `the signed timestamp is exactly ${tolerance} s old, the edge of the tolerance`,
        { now: signedAt + tolerance },
      ),
    );
    vectors.push(
      vector(
        'stale-timestamp',
        'invalid',
        `the signed timestamp is ${tolerance + 1} s old, past the tolerance of ${tolerance} s`,
        { now: signedAt + tolerance + 1 },
      ),
    );
    if (profile.refusesFuture === true)
      vectors.push(
        vector(
          'future-timestamp',
          'invalid',
          `the signed timestamp is ${tolerance + 1} s ahead of the receiver's clock`,
          { now: signedAt - tolerance - 1 },
        ),
      );
  }
  if (signsTimestamp(profile)) {
    vectors.push(
      vector(
        'replayed-signature-new-timestamp',
        'invalid',
        'a signature captured earlier, sent again with a fresh timestamp: the signed content no longer matches',
        {
          headers: signatureHeaders(profile, secret, message, { shownTimestamp: signedAt + 600 }),
          now: signedAt + 600,
        },
      ),
    );
  }
  if (profile.signedContent.includes('{id}') && profile.idHeader !== undefined) {
    vectors.push(
      vector(
        'id-changed',
        'invalid',
        `${profile.idHeader} changed after signing: the id is part of the signed content`,
        { headers: { ...signed, [profile.idHeader]: 'evt_other' } },
      ),
    );
  }
  const withoutHeader = Object.fromEntries(Object.entries(signed).filter(([name]) => name !== header));
  vectors.push(vector('signature-header-missing', 'invalid', `no ${header} header`, { headers: withoutHeader }));
  vectors.push(
    vector('body-byte-changed', 'invalid', 'one byte of the body changed after signing', {
      body: body.replace('Ada', 'Adb'),
    }),
  );
  vectors.push(
    vector('wrong-secret', 'invalid', 'signed with another secret', {
      headers: signatureHeaders(profile, otherSecret, message),
    }),
  );
  const digest = digestOf(profile, secret, message, hexOrBase64);
  // Base64 loses a symbol, not its "=" padding: without the padding it still decodes to the whole digest.
  const padding = /=*$/.exec(digest)![0];
  const cut = `${digest.slice(0, digest.length - padding.length - 1)}${padding}`;
  const shortened = signed[header]!.replace(digest, cut);
  vectors.push(
    vector('digest-one-character-short', 'invalid', 'the right digest with its last character cut', {
      headers: { ...signed, [header]: shortened },
    }),
  );
  // Where the encoding is open (the convention, 5/5) upper-case hex is hex too, and a receiver may
  // take it or not: no vector. A scheme that writes lower-case hex has one.
  if (profile.encoding === 'hex') {
    vectors.push(
      vector('digest-upper-case-hex', 'invalid', 'the right digest in upper-case hex: the scheme writes lower-case', {
        headers: { ...signed, [header]: signed[header]!.replace(digest, digest.toUpperCase()) },
      }),
    );
  }
  if (profile.timestampHeader !== undefined) {
    const withoutTimestamp = Object.fromEntries(
      Object.entries(signed).filter(([name]) => name !== profile.timestampHeader),
    );
    vectors.push(
      vector(
        'timestamp-header-missing',
        'invalid',
        `no ${profile.timestampHeader} header, though the timestamp is signed`,
        { headers: withoutTimestamp },
      ),
    );
  }
  if (signsTimestamp(profile) && profile.toleranceSeconds !== undefined && profile.refusesFuture !== true) {
    vectors.push(
      vector(
        'timestamp-ahead-accepted',
        'valid',
        `a signed timestamp ${profile.toleranceSeconds + 1} s ahead of the clock: the scheme judges the age only`,
        { now: signedAt - profile.toleranceSeconds - 1 },
      ),
    );
  }
  if (profile.name === 'stripe') {
    vectors.push(
      vector('v0-entry-ignored', 'valid', "a v0= entry beside the v1= signature: only v1 is the scheme's", {
        headers: { ...signed, [header]: `${signed[header]!},v0=${'0'.repeat(64)}` },
      }),
    );
    vectors.push(
      vector('space-after-separator', 'invalid', 'entries separated by ", " instead of ","', {
        headers: { ...signed, [header]: signed[header]!.replace(',', ', ') },
      }),
    );
  }
  if (profile.name === 'standard-webhooks') {
    vectors.push(
      vector(
        'other-version-entry-ignored',
        'valid',
        'a "v2," entry before the v1 signature: an unknown version is skipped, not refused',
        { headers: { ...signed, [header]: `v2,${digest} ${signed[header]!}` } },
      ),
    );
    vectors.push(
      vector(
        'timestamp-in-milliseconds',
        'invalid',
        'webhook-timestamp in milliseconds, signed as such: far outside the tolerance',
        {
          headers: signatureHeaders(profile, secret, { ...message, timestamp: signedAt * 1000 }),
        },
      ),
    );
  }
  const label = profile.header.entry.replace('{digest}', '');
  if (label !== '') {
    vectors.push(
      vector('label-missing', 'invalid', `the digest without "${label}" in front`, {
        headers: {
          ...signed,
          [header]: signed[header]!.replace(profile.header.entry.replace('{digest}', digest), digest),
        },
      }),
    );
  }
  return { profile: profile.name, vectors };
}
