import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDigest, type DigestEncoding } from '../../webhooks/verify-signature.js';
import { builtInProfiles } from '../../../harness/signing/signature-profile.js';
import {
  buildForgery,
  forgeryKindNames,
  forgeryKinds,
  forgeryKindsFor,
  signatureFormOf,
  type ForgeryInputs,
} from './signature-forgeries.js';

const secret = 'receiver-secret';
const otherSecret = 'another-secret';

function inputsFor(event: Record<string, unknown>, encoding: DigestEncoding): ForgeryInputs {
  return {
    event,
    eventId: String(event.id),
    otherEvent: { ...event, id: `${String(event.id)}-other` },
    digest: (text) => computeDigest(secret, Buffer.from(text, 'utf8'), encoding),
    digestUnderOtherSecret: (text) => computeDigest(otherSecret, Buffer.from(text, 'utf8'), encoding),
  };
}

// As lenient as a correct receiver may be (5/5 leaves the encoding open): hex in either case,
// base64 with or without padding. No 'fail' kind may verify even here.
function verifiesLeniently(header: string | undefined, rawBody: string): boolean {
  if (header === undefined || !header.startsWith('sha256=')) return false;
  const given = header.slice('sha256='.length);
  const expected = createHmac('sha256', secret).update(Buffer.from(rawBody, 'utf8')).digest();
  if (/^[0-9a-fA-F]{64}$/.test(given)) return Buffer.from(given, 'hex').equals(expected);
  if (/^[A-Za-z0-9+/]{43}=?$/.test(given))
    return given.replace(/=$/, '') === expected.toString('base64').replace(/=$/, '');
  return false;
}

const anyEvent = fc.record({
  event: fc.string(),
  id: fc.stringMatching(/^evt_[a-z0-9]{1,20}$/),
  data: fc.dictionary(
    fc.string(),
    fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  ),
});

describe('signature forgeries', () => {
  it('lists every kind once, in the order of its names', () => {
    expect(forgeryKinds.map((kind) => kind.name)).toEqual([...forgeryKindNames]);
    expect(forgeryKinds.filter((kind) => kind.verdict === 'advise').every((kind) => kind.why !== undefined)).toBe(true);
  });

  it('no failing kind verifies over the bytes sent, in hex or base64, however lenient the decoding', () => {
    fc.assert(
      fc.property(anyEvent, fc.constantFrom<DigestEncoding>('hex', 'base64'), (event, encoding) => {
        for (const kind of forgeryKinds.filter((candidate) => candidate.verdict === 'fail')) {
          const forgery = buildForgery(kind, inputsFor(event, encoding));
          expect(verifiesLeniently(forgery.header, forgery.rawBody), kind.name).toBe(false);
          expect(forgery.eventId).toBe(event.id);
          expect((JSON.parse(forgery.rawBody) as { id: unknown }).id).toBe(event.id);
        }
      }),
    );
  });

  it('the label kinds carry the right digest of the bytes sent, under another label or none', () => {
    for (const encoding of ['hex', 'base64'] as const) {
      const inputs = inputsFor({ event: 'customer.created', id: 'evt_1', data: {} }, encoding);
      const sha1 = buildForgery(
        forgeryKinds.find((kind) => kind.name === 'label-sha1')!,
        inputs,
      );
      const bare = buildForgery(
        forgeryKinds.find((kind) => kind.name === 'label-missing')!,
        inputs,
      );
      expect(verifiesLeniently(sha1.header?.replace(/^sha1=/, 'sha256='), sha1.rawBody)).toBe(true);
      expect(verifiesLeniently(`sha256=${bare.header!}`, bare.rawBody)).toBe(true);
    }
  });

  it('cuts and changes digests without leaving another encoding of the right one', () => {
    const inputs = inputsFor({ event: 'e', id: 'evt_1', data: {} }, 'base64');
    const right = inputs.digest(JSON.stringify(inputs.event));
    const build = (name: string) =>
      buildForgery(
        forgeryKinds.find((kind) => kind.name === name)!,
        inputs,
      ).header;
    expect(build('digest-one-character-short')).toBe(`sha256=${right.slice(0, 42)}=`);
    expect(build('digest-half')).toBe(`sha256=${right.slice(0, 22)}`);
    expect(build('digest-character-changed')?.slice(8)).toBe(right.slice(1));
    const hex = inputsFor({ event: 'e', id: 'evt_1', data: {} }, 'hex');
    const changed = buildForgery(
      forgeryKinds.find((kind) => kind.name === 'digest-character-changed')!,
      hex,
    ).header!;
    expect(changed.toLowerCase()).not.toBe(`sha256=${hex.digest(JSON.stringify(hex.event))}`);
  });

  it('changes one byte of the signed body, or adds one field to it', () => {
    const inputs = inputsFor({ event: 'e', id: 'evt_1', data: { a: 1 } }, 'hex');
    const changed = buildForgery(
      forgeryKinds.find((kind) => kind.name === 'body-byte-changed')!,
      inputs,
    );
    expect(changed.header).toBe(`sha256=${inputs.digest('{"event":"e","id":"evt_x","data":{"a":1}}')}`);
    const added = buildForgery(
      forgeryKinds.find((kind) => kind.name === 'body-field-added')!,
      inputs,
    );
    expect(added.rawBody).toBe('{"event":"e","id":"evt_1","data":{"a":1},"tampered":true}');
  });
});

describe('signature forgeries in another profile', () => {
  const timestamp = 1_767_225_600;

  it("take the profile's header, label and prefix, and keep only the kinds that apply", () => {
    const stripe = signatureFormOf(builtInProfiles.stripe, timestamp);
    expect([stripe.header, stripe.label, stripe.value('ab')]).toEqual([
      'Stripe-Signature',
      'v1=',
      't=1767225600,v1=ab',
    ]);
    const kinds = forgeryKindsFor(stripe);
    expect(kinds.map((kind) => kind.name)).not.toContain('label-sha1');
    expect(kinds.find((kind) => kind.name === 'label-without-digest')?.description).toBe(
      'with Stripe-Signature "v1=" and no digest',
    );
    const shopify = forgeryKindsFor(signatureFormOf(builtInProfiles.shopify, timestamp)).map((kind) => kind.name);
    expect(shopify).not.toEqual(expect.arrayContaining(['label-missing']));
    expect(shopify).not.toContain('label-without-digest');
    const inputs: ForgeryInputs = {
      event: { event: 'customer.created', id: 'evt_1', data: {} },
      eventId: 'evt_1',
      otherEvent: { event: 'customer.created', id: 'evt_2', data: {} },
      digest: () => 'd'.repeat(64),
      digestUnderOtherSecret: () => 'e'.repeat(64),
      form: stripe,
    };
    expect(
      buildForgery(
        kinds.find((kind) => kind.name === 'label-missing')!,
        inputs,
      ).header,
    ).toBe(`t=1767225600,${'d'.repeat(64)}`);
  });

  it("keep the convention's kinds and words for the convention profile", () => {
    expect(forgeryKindsFor(signatureFormOf(builtInProfiles.convention, timestamp))).toEqual(forgeryKinds);
  });
});
