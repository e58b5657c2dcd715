// A webhook signature scheme, described as data: which headers carry the signature, the event id
// and the timestamp; what is signed; how the key is read from the secret; how the digest is written
// and labelled; whether one header may carry several signatures (secret rotation); how old a
// timestamp may be. The convention's own scheme is one profile among the published ones.

/** How the HMAC key is read from the configured secret. */
export type KeyForm =
  /** The secret's UTF-8 bytes (GitHub, Stripe, Shopify, the convention). */
  | { readonly form: 'raw' }
  /** Base64 after a prefix, e.g. "whsec_" (Standard Webhooks). */
  | { readonly form: 'base64'; readonly prefix: string };

export type DigestEncoding = 'hex' | 'base64';

export interface SignatureProfile {
  /** "convention", "github", "standard-webhooks", "stripe", "shopify" or "custom". */
  readonly name: string;
  /** Lower-case header names. */
  readonly signatureHeader: string;
  /** The header that carries the event's (or the message's) id, when the scheme has one: the same on every attempt. */
  readonly idHeader?: string;
  /** The header that carries the timestamp (Unix seconds), when it is not inside the signature header. */
  readonly timestampHeader?: string;
  /** The header that names the event (the body's `event`), as GitHub's X-GitHub-Event does. */
  readonly eventHeader?: string;
  /**
   * Headers the real sender sends on every delivery with a value of no consequence here (a hook's
   * id, a shop's domain): a receiver built on the scheme's library may refuse a delivery without them.
   */
  readonly fixedHeaders?: Readonly<Record<string, string>>;
  /** What is signed: "{body}", or "{id}.{timestamp}.{body}" and the like. */
  readonly signedContent: string;
  readonly key: KeyForm;
  /** How a digest is written; "either" accepts both (the convention leaves it open, 5/5). */
  readonly encoding: DigestEncoding | 'either';
  /** The signature header's value: entries, each "sha256={digest}" say, after an optional prefix. */
  readonly header: {
    /** An entry written once before the signatures, e.g. "t={timestamp}" (Stripe). */
    readonly prefix?: string;
    /** One signature, with {digest}. */
    readonly entry: string;
    /** Separates entries when the header may carry several signatures; absent: exactly one. */
    readonly separator?: string;
  };
  /** How old a signed timestamp may be, in seconds, when the scheme signs one. */
  readonly toleranceSeconds?: number;
  /**
   * Whether a timestamp that far ahead of the clock is refused too. Standard Webhooks refuses both;
   * Stripe's scheme (and its library) judges the age only.
   */
  readonly refusesFuture?: boolean;
}

export const builtInProfiles = {
  convention: {
    name: 'convention',
    signatureHeader: 'x-signature',
    signedContent: '{body}',
    key: { form: 'raw' },
    encoding: 'either',
    header: { entry: 'sha256={digest}' },
  },
  github: {
    name: 'github',
    signatureHeader: 'x-hub-signature-256',
    idHeader: 'x-github-delivery',
    eventHeader: 'x-github-event',
    fixedHeaders: {
      'x-github-hook-id': '1',
      'x-github-hook-installation-target-type': 'repository',
      'x-github-hook-installation-target-id': '1',
    },
    signedContent: '{body}',
    key: { form: 'raw' },
    encoding: 'hex',
    header: { entry: 'sha256={digest}' },
  },
  'standard-webhooks': {
    name: 'standard-webhooks',
    signatureHeader: 'webhook-signature',
    idHeader: 'webhook-id',
    timestampHeader: 'webhook-timestamp',
    signedContent: '{id}.{timestamp}.{body}',
    key: { form: 'base64', prefix: 'whsec_' },
    encoding: 'base64',
    header: { entry: 'v1,{digest}', separator: ' ' },
    toleranceSeconds: 300,
    refusesFuture: true,
  },
  stripe: {
    name: 'stripe',
    signatureHeader: 'stripe-signature',
    signedContent: '{timestamp}.{body}',
    key: { form: 'raw' },
    encoding: 'hex',
    header: { prefix: 't={timestamp}', entry: 'v1={digest}', separator: ',' },
    toleranceSeconds: 300,
  },
  shopify: {
    name: 'shopify',
    signatureHeader: 'x-shopify-hmac-sha256',
    idHeader: 'x-shopify-webhook-id',
    eventHeader: 'x-shopify-topic',
    fixedHeaders: { 'x-shopify-shop-domain': 'apicert-test.myshopify.com', 'x-shopify-api-version': '2025-01' },
    signedContent: '{body}',
    key: { form: 'raw' },
    encoding: 'base64',
    header: { entry: '{digest}' },
  },
} as const satisfies Record<string, SignatureProfile>;

export type BuiltInProfileName = keyof typeof builtInProfiles;

export const builtInProfileNames = Object.keys(builtInProfiles) as BuiltInProfileName[];

/** True when the profile signs a timestamp, so a stale or replayed one can be judged. */
export function signsTimestamp(profile: SignatureProfile): boolean {
  return profile.signedContent.includes('{timestamp}');
}

/** True when one header may carry several signatures (secret rotation). */
export function takesSeveralSignatures(profile: SignatureProfile): boolean {
  return profile.header.separator !== undefined;
}

/** A lower-case header name as specifications write it: "x-hub-signature-256" → "X-Hub-Signature-256". */
export function displayHeaderName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_whole, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}

/** The lower-case names of the headers the profile sends: its signature, and its id and timestamp where it has them. */
export function headersOf(profile: SignatureProfile): string[] {
  return [
    profile.signatureHeader,
    ...(profile.idHeader === undefined ? [] : [profile.idHeader]),
    ...(profile.timestampHeader === undefined ? [] : [profile.timestampHeader]),
  ];
}

/**
 * Every form of `secret` a target could echo, to be redacted: the secret itself and, for a key read
 * as base64 after a prefix (whsec_…), the part after the prefix and the key's bytes in hex.
 */
export function secretForms(profile: Pick<SignatureProfile, 'key'>, secret: string): string[] {
  if (profile.key.form === 'raw' || secret === '') return [secret];
  const core = secret.startsWith(profile.key.prefix) ? secret.slice(profile.key.prefix.length) : secret;
  const hex = Buffer.from(core, 'base64').toString('hex');
  // Forms too short to be told apart from other text are left to the secret itself.
  const extra = [core, hex].filter((form) => form.length >= 8 && form !== secret);
  return [secret, ...new Set(extra)];
}
