// Signing and verifying a delivery in any signature profile, with node:crypto: the signed content
// built from the profile's template over the raw body bytes, the HMAC-SHA256 under the key the
// secret gives, the header written and read in the profile's form. Pure; verification never throws
// and compares digests in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signsTimestamp, type DigestEncoding, type SignatureProfile } from './signature-profile.js';

/** What is signed: the event id and the Unix time in seconds, and the exact body bytes. */
export interface SignedMessage {
  readonly id: string;
  readonly timestamp: number;
  readonly body: string | Uint8Array;
  /** The event's name, for a profile that names it in a header (eventHeader). */
  readonly event?: string;
}

export type VerifyOutcome = { readonly valid: true } | { readonly valid: false; readonly reason: string };

/** The HMAC key of `secret` in `profile`: its bytes, or base64 after the prefix. */
export function hmacKey(profile: SignatureProfile, secret: string): Buffer {
  if (profile.key.form === 'raw') return Buffer.from(secret, 'utf8');
  const encoded = secret.startsWith(profile.key.prefix) ? secret.slice(profile.key.prefix.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The bytes the profile signs for `message`. */
export function signedContent(profile: SignatureProfile, message: SignedMessage): Buffer {
  // One pass with a function: an id holding "$&" or "{timestamp}" is signed as written.
  const fill = (text: string): string =>
    text.replace(/\{(id|timestamp)\}/g, (_whole, name: string) =>
      name === 'id' ? message.id : String(message.timestamp),
    );
  const [before, ...after] = profile.signedContent.split('{body}');
  const body = typeof message.body === 'string' ? Buffer.from(message.body, 'utf8') : Buffer.from(message.body);
  if (after.length === 0) return Buffer.from(fill(before ?? ''), 'utf8');
  return Buffer.concat([
    Buffer.from(fill(before ?? ''), 'utf8'),
    body,
    Buffer.from(fill(after.join('{body}')), 'utf8'),
  ]);
}

/** The digest of `message` under `secret`, written in `encoding`. */
export function digestOf(
  profile: SignatureProfile,
  secret: string,
  message: SignedMessage,
  encoding: DigestEncoding,
): string {
  return createHmac('sha256', hmacKey(profile, secret)).update(signedContent(profile, message)).digest(encoding);
}

export interface SignOptions {
  /** The encoding to write, where the profile takes either; default hex. */
  readonly encoding?: DigestEncoding;
  /** Digests written before the real one, in a profile that takes several (a rotated-out secret's). */
  readonly otherDigests?: readonly string[];
  /** The timestamp written in the headers, when it should differ from the signed one (a replay). */
  readonly shownTimestamp?: number;
}

/**
 * Every header the profile sends with `message`: the signature, the id, timestamp and event name
 * where it has them, and the fixed headers its real sender sends.
 */
export function signatureHeaders(
  profile: SignatureProfile,
  secret: string,
  message: SignedMessage,
  options: SignOptions = {},
): Record<string, string> {
  const encoding = profile.encoding === 'either' ? (options.encoding ?? 'hex') : profile.encoding;
  const shown = options.shownTimestamp ?? message.timestamp;
  const digests = [...(options.otherDigests ?? []), digestOf(profile, secret, message, encoding)];
  const entries = digests.map((digest) => profile.header.entry.replace('{digest}', digest));
  const prefix =
    profile.header.prefix === undefined ? [] : [profile.header.prefix.replace('{timestamp}', String(shown))];
  const headers: Record<string, string> = {
    [profile.signatureHeader]: [...prefix, ...entries].join(profile.header.separator ?? ''),
  };
  if (profile.idHeader !== undefined) headers[profile.idHeader] = message.id;
  if (profile.timestampHeader !== undefined) headers[profile.timestampHeader] = String(shown);
  if (profile.eventHeader !== undefined && message.event !== undefined) headers[profile.eventHeader] = message.event;
  return { ...profile.fixedHeaders, ...headers };
}

const hexDigest = /^[0-9a-f]{64}$/;
// Base16 either case: where the scheme leaves the encoding open (the convention, 5/5), an upper-case
// hex digest is hex too (RFC 4648 writes it so); a scheme that writes lower-case keeps to it.
const anyCaseHexDigest = /^[0-9a-fA-F]{64}$/;
// 32 bytes in standard base64: 43 symbols and one "=" of padding.
const base64Digest = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Checks the headers of a delivery against its exact body bytes at `nowSeconds`. `headers` has
 * lower-case names. Several signatures pass when one verifies; a signed timestamp must lie within
 * the profile's tolerance of now.
 */
export function verifyDelivery(
  profile: SignatureProfile,
  secret: string,
  headers: Readonly<Record<string, string | undefined>>,
  body: string | Uint8Array,
  nowSeconds: number,
): VerifyOutcome {
  const value = headers[profile.signatureHeader];
  if (value === undefined || value.trim() === '')
    return { valid: false, reason: `no ${profile.signatureHeader} header` };
  const parts = profile.header.separator === undefined ? [value] : value.split(profile.header.separator);
  let timestamp: string | undefined =
    profile.timestampHeader === undefined ? undefined : headers[profile.timestampHeader];
  const prefixPattern =
    profile.header.prefix === undefined ? undefined : templatePattern(profile.header.prefix, 'timestamp');
  const entryPattern = templatePattern(profile.header.entry, 'digest');
  const digests: string[] = [];
  for (const part of parts) {
    const prefixMatch = prefixPattern?.exec(part);
    if (prefixMatch !== undefined && prefixMatch !== null) timestamp ??= prefixMatch[1];
    else {
      const entry = entryPattern.exec(part);
      if (entry !== null) digests.push(entry[1]!);
    }
  }
  if (digests.length === 0)
    return {
      valid: false,
      reason: `${profile.signatureHeader} holds no signature in the form "${profile.header.entry}"`,
    };
  if (profile.header.separator === undefined && digests.length > 1)
    return { valid: false, reason: `${profile.signatureHeader} holds more than one signature` };
  if (signsTimestamp(profile) && (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)))
    return { valid: false, reason: 'no timestamp in whole seconds' };
  const id = profile.idHeader === undefined ? '' : (headers[profile.idHeader] ?? '');
  if (profile.signedContent.includes('{id}') && id === '')
    return { valid: false, reason: `no ${profile.idHeader ?? 'id'} header` };
  const expected = createHmac('sha256', hmacKey(profile, secret))
    .update(signedContent(profile, { id, timestamp: Number(timestamp ?? 0), body }))
    .digest();
  const matches = digests.some((digest) => {
    const bytes = decodeDigest(digest, profile.encoding);
    return bytes !== undefined && timingSafeEqual(bytes, expected);
  });
  if (!matches)
    return {
      valid: false,
      reason: `no signature in ${profile.signatureHeader} is the HMAC-SHA256 of the signed content under the secret`,
    };
  if (signsTimestamp(profile) && profile.toleranceSeconds !== undefined) {
    const age = nowSeconds - Number(timestamp);
    if (age > profile.toleranceSeconds)
      return {
        valid: false,
        reason: `the timestamp is ${age} s old, past the tolerance of ${profile.toleranceSeconds} s`,
      };
    if (profile.refusesFuture === true && -age > profile.toleranceSeconds) {
      return {
        valid: false,
        reason: `the timestamp is ${-age} s ahead of the clock, past the tolerance of ${profile.toleranceSeconds} s`,
      };
    }
  }
  return { valid: true };
}

/**
 * The timestamp a delivery shows, in whole Unix seconds: in the profile's timestamp header, or in
 * the signature header's prefix (Stripe's "t="); undefined when it shows none a verifier would read.
 */
export function shownTimestamp(
  profile: SignatureProfile,
  headers: Readonly<Record<string, string | undefined>>,
): number | undefined {
  let text = profile.timestampHeader === undefined ? undefined : headers[profile.timestampHeader];
  if (text === undefined && profile.header.prefix !== undefined) {
    const value = headers[profile.signatureHeader] ?? '';
    const prefix = templatePattern(profile.header.prefix, 'timestamp');
    for (const part of profile.header.separator === undefined ? [value] : value.split(profile.header.separator)) {
      const match = prefix.exec(part);
      if (match !== null) {
        text = match[1];
        break;
      }
    }
  }
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}

function decodeDigest(text: string, encoding: SignatureProfile['encoding']): Buffer | undefined {
  if (encoding !== 'base64' && (encoding === 'either' ? anyCaseHexDigest : hexDigest).test(text))
    return Buffer.from(text, 'hex');
  if (encoding !== 'hex' && base64Digest.test(text)) return Buffer.from(text, 'base64');
  return undefined;
}

/** A template such as "v1={digest}" as a pattern that captures the placeholder. */
function templatePattern(template: string, placeholder: 'digest' | 'timestamp'): RegExp {
  const [before, after] = template.split(`{${placeholder}}`).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // No trimming: "t=1, v1=…" is not Stripe's form, and its library refuses it too.
  return new RegExp(`^${before ?? ''}(.+?)${after ?? ''}$`);
}
