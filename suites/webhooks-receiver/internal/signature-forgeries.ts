// Every way an X-Signature can fail to verify, derived from convention 5/3-5/4: the header is there,
// its value is the label "sha256=" followed by the digest, and the digest is an HMAC of the raw,
// unparsed body under the secret. Pure: the digests come in as functions, so no secret is held here.
//
// A correct digest in another encoding (base64 for hex, upper-case hex letters) is no kind here:
// 5/5 leaves the encoding open, so it is never sent as a bad signature.

import { displayHeaderName, type SignatureProfile } from '../../../harness/signing/signature-profile.js';

/** 'fail': the convention states the delivery does not verify. 'advise': the text leaves it open. */
export type ForgeryVerdict = 'fail' | 'advise';

export const forgeryKindNames = [
  'header-missing',
  'header-empty',
  'label-without-digest',
  'body-byte-changed',
  'body-field-added',
  'signature-of-other-event',
  'wrong-secret',
  'digest-half',
  'digest-one-character-short',
  'digest-character-changed',
  'digest-over-reserialized-body',
  'digest-not-in-any-encoding',
  'label-sha1',
  'label-missing',
] as const;

export type ForgeryKindName = (typeof forgeryKindNames)[number];

export interface ForgeryKind {
  readonly name: ForgeryKindName;
  /** Completes "a delivery …", for messages and coverage. */
  readonly description: string;
  readonly verdict: ForgeryVerdict;
  /** For an 'advise' kind: why accepting it is advice, not a failure. */
  readonly why?: string;
}

// Ambiguous kinds: the digest is the right HMAC of the raw body under the secret, so the body is
// authentic and nobody without the secret could have made it; only the label differs from 5/3.
const rightDigestWrongLabel =
  'the digest is the right HMAC of the raw body, so 5/4 does not make this a forgery, but 5/3 labels it "sha256=": ' +
  'a receiver that ignores the label cannot refuse a weaker algorithm later';

export const forgeryKinds: readonly ForgeryKind[] = [
  { name: 'header-missing', description: 'without X-Signature', verdict: 'fail' },
  { name: 'header-empty', description: 'with an empty X-Signature', verdict: 'fail' },
  { name: 'label-without-digest', description: 'with X-Signature "sha256=" and no digest', verdict: 'fail' },
  { name: 'body-byte-changed', description: 'whose body had one byte changed after signing', verdict: 'fail' },
  { name: 'body-field-added', description: 'whose body had a field added after signing', verdict: 'fail' },
  { name: 'signature-of-other-event', description: 'carrying the signature of another event', verdict: 'fail' },
  { name: 'wrong-secret', description: 'signed with another secret', verdict: 'fail' },
  { name: 'digest-half', description: 'with the first half of the right digest', verdict: 'fail' },
  { name: 'digest-one-character-short', description: 'with the right digest one character short', verdict: 'fail' },
  { name: 'digest-character-changed', description: 'with one character of the right digest changed', verdict: 'fail' },
  {
    name: 'digest-over-reserialized-body',
    description: 'signed over a compact re-serialization of its pretty-printed body',
    verdict: 'fail',
  },
  {
    name: 'digest-not-in-any-encoding',
    description: 'with characters of no digest encoding after "sha256="',
    verdict: 'fail',
  },
  {
    name: 'label-sha1',
    description: 'labelled "sha1=" with the right digest',
    verdict: 'advise',
    why: rightDigestWrongLabel,
  },
  {
    name: 'label-missing',
    description: 'with the right digest and no "sha256=" label',
    verdict: 'advise',
    why: rightDigestWrongLabel,
  },
];

/**
 * How the signature header of the profile in use is written: its name as shown, the label before
 * the digest ("sha256=", "v1," or none), and the whole value for a digest (with a Stripe-style
 * "t=…," prefix where the profile has one).
 */
export interface SignatureForm {
  readonly header: string;
  readonly label: string;
  value(digest: string): string;
}

/** The convention's X-Signature: "sha256=" and the digest. */
export const conventionForm: SignatureForm = {
  header: 'X-Signature',
  label: 'sha256=',
  value: (digest) => `sha256=${digest}`,
};

/** The form of `profile`'s signature header, for deliveries that say they were signed at `timestamp`. */
export function signatureFormOf(profile: SignatureProfile, timestamp: number): SignatureForm {
  if (profile.name === 'convention') return conventionForm;
  const prefix =
    profile.header.prefix === undefined ? [] : [profile.header.prefix.replace('{timestamp}', String(timestamp))];
  return {
    header: displayHeaderName(profile.signatureHeader),
    label: profile.header.entry.replace('{digest}', ''),
    value: (digest) =>
      [...prefix, profile.header.entry.replace('{digest}', digest)].join(profile.header.separator ?? ''),
  };
}

/** The kinds that apply to a form: those about a label only where the form has one, "sha1=" only beside "sha256=". */
export function forgeryKindsFor(form: SignatureForm): ForgeryKind[] {
  return forgeryKinds
    .filter((kind) =>
      kind.name === 'label-sha1'
        ? form.label === 'sha256='
        : form.label !== '' || !['label-without-digest', 'label-missing'].includes(kind.name),
    )
    .map((kind) =>
      form === conventionForm
        ? kind
        : {
            ...kind,
            description: kind.description
              .replaceAll('X-Signature', form.header)
              .replaceAll('"sha256="', `"${form.label}"`),
          },
    );
}

/** What a forgery is built from: the event it carries, another event, and the two digest functions. */
export interface ForgeryInputs {
  /** The event sent. */
  readonly event: Readonly<Record<string, unknown>>;
  /** The fresh id filled into the event (webhooks.receiver.events "{eventId}"): what must not be processed. */
  readonly eventId: string;
  /** Another event, whose signature is replayed. */
  readonly otherEvent: Readonly<Record<string, unknown>>;
  /** The right digest of a text under the receiver's secret, in the configured encoding, without the label. */
  readonly digest: (text: string) => string;
  /** The digest of a text under a secret that is not the receiver's. */
  readonly digestUnderOtherSecret: (text: string) => string;
  /** The signature header's form; default the convention's X-Signature. */
  readonly form?: SignatureForm;
}

/** A delivery to send: its exact body, and its X-Signature value (undefined: no header). */
export interface Forgery {
  readonly kind: ForgeryKind;
  readonly eventId: string;
  readonly rawBody: string;
  readonly header: string | undefined;
}

/** The delivery of `kind` built from `inputs`. */
export function buildForgery(kind: ForgeryKind, inputs: ForgeryInputs): Forgery {
  const body = JSON.stringify(inputs.event);
  const right = inputs.digest(body);
  const eventId = inputs.eventId;
  const form = inputs.form ?? conventionForm;
  const signed = (digest: string): string => form.value(digest);
  const forgery = (header: string | undefined, rawBody = body): Forgery => ({ kind, eventId, rawBody, header });
  switch (kind.name) {
    case 'header-missing':
      return forgery(undefined);
    case 'header-empty':
      return forgery('');
    case 'label-without-digest':
      return forgery(signed(''));
    case 'body-byte-changed':
      // Signed with the event id's last character changed: the bytes sent differ from those signed in one byte.
      return forgery(signed(inputs.digest(body.replace(eventId, changeLastCharacter(eventId)))));
    case 'body-field-added':
      return forgery(signed(right), `${body.slice(0, -1)},"tampered":true}`);
    case 'signature-of-other-event':
      return forgery(signed(inputs.digest(JSON.stringify(inputs.otherEvent))));
    case 'wrong-secret':
      return forgery(signed(inputs.digestUnderOtherSecret(body)));
    case 'digest-half':
      return forgery(signed(right.slice(0, Math.floor(right.length / 2))));
    case 'digest-one-character-short':
      return forgery(signed(withoutLastSymbol(right)));
    case 'digest-character-changed':
      return forgery(signed(changeOneSymbol(right)));
    case 'digest-over-reserialized-body':
      return forgery(signed(right), `${JSON.stringify(inputs.event, null, 2)}\n`);
    case 'digest-not-in-any-encoding':
      // Neither hex nor base64 has "!": no decoder reads this as any digest.
      return forgery(signed('!'.repeat(right.length)));
    case 'label-sha1':
      return forgery(signed(right).replace('sha256=', 'sha1='));
    case 'label-missing':
      return forgery(signed(right).replace(`${form.label}${right}`, right));
  }
}

// A base64 digest ends in "=" padding; dropping that would leave unpadded base64 of the right
// digest, another encoding (5/5), so the last symbol before the padding goes instead.
function withoutLastSymbol(digest: string): string {
  const padding = /=*$/.exec(digest)![0];
  const symbols = digest.slice(0, digest.length - padding.length);
  return symbols.slice(0, -1) + padding;
}

// Hex: the last digit changes value (never only its case, which 5/5 leaves open). Base64: the
// first symbol changes, since the last one before the padding carries bits a lenient decoder drops.
function changeOneSymbol(digest: string): string {
  if (/^[0-9a-fA-F]+$/.test(digest)) {
    const last = Number.parseInt(digest.slice(-1), 16);
    return digest.slice(0, -1) + ((last + 1) % 16).toString(16);
  }
  return (digest.startsWith('A') ? 'B' : 'A') + digest.slice(1);
}

function changeLastCharacter(text: string): string {
  const last = text.slice(-1);
  return text.slice(0, -1) + (last === 'x' ? 'y' : 'x');
}
