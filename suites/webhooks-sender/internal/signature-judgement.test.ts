import { describe, expect, it } from 'vitest';
import { computeDigest, signBody } from '../../webhooks/verify-signature.js';
import { signatureHeaders } from '../../../harness/signing/profile-signature.js';
import { builtInProfiles } from '../../../harness/signing/signature-profile.js';
import { judgeProfileSignature, judgeSignature, previewSignature } from './signature-judgement.js';

const secret = 'whsec_judgement_secret';
const compact = '{"event":"customer.created","id":"evt_1","data":{"id":"cus_1"}}';
const pretty = JSON.stringify(JSON.parse(compact), null, 2);

describe('judgeSignature', () => {
  it('accepts a signature over the raw bytes', () => {
    const body = Buffer.from(pretty);
    const judgement = judgeSignature(secret, body, signBody(secret, body, 'hex'), 'either');
    expect(judgement.valid).toBe(true);
    expect(judgement.expected).toBe(judgement.received);
  });

  it('names a signature over a re-serialized body, showing eight digest characters only', () => {
    const header = signBody(secret, Buffer.from(compact), 'hex');
    const judgement = judgeSignature(secret, Buffer.from(pretty), header, 'either');
    expect(judgement.valid).toBe(false);
    expect(judgement.hint).toMatch(/re-serialized as compact JSON/);
    expect(judgement.received).toBe(`sha256=${header.slice(7, 15)}…`);
    expect(judgement.expected).toBe(`sha256=${computeDigest(secret, Buffer.from(pretty), 'hex').slice(0, 8)}…`);
    expect(JSON.stringify(judgement)).not.toContain(secret);
  });

  it('says what is wrong with a missing label, a wrong secret and a missing header', () => {
    const body = Buffer.from(compact);
    const bare = computeDigest(secret, body, 'hex');
    expect(judgeSignature(secret, body, bare, 'either')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/does not begin with "sha256="/),
      received: `${bare.slice(0, 8)}…`,
    });
    const wrong = judgeSignature(secret, body, signBody(`${secret}-rotated`, body, 'hex'), 'either');
    expect(wrong).toMatchObject({ valid: false, reason: expect.stringMatching(/not the HMAC-SHA256/) });
    expect(wrong.hint).toBeUndefined();
    expect(judgeSignature(secret, body, undefined, 'either')).toMatchObject({
      valid: false,
      received: '(no X-Signature header)',
    });
  });

  it('shows the expected digest in the encoding the sender used, and honours a pinned one', () => {
    const body = Buffer.from(compact);
    const base64 = signBody(secret, body, 'base64');
    expect(judgeSignature(secret, body, base64, 'either')).toMatchObject({
      valid: true,
      expected: previewSignature(base64, secret),
    });
    expect(judgeSignature(secret, body, base64, 'hex')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/base64 but hex is pinned/),
    });
  });
});

describe('previewSignature', () => {
  it('never shows a value that holds the secret', () => {
    expect(previewSignature(`sha256=${secret}`, secret)).toBe('[REDACTED]');
    expect(previewSignature('sha256=0123456789abcdef', secret)).toBe('sha256=01234567…');
    expect(previewSignature('short', secret)).toBe('short');
  });
});

describe('judgeProfileSignature', () => {
  const secret = 'whsec_' + Buffer.from('a key of twenty-four bytes').toString('base64');
  const profile = builtInProfiles['standard-webhooks'];
  const body = Buffer.from('{"event":"customer.created","id":"evt_1","data":{}}');
  const signed = (bytes: Uint8Array, timestamp = 1_000) =>
    signatureHeaders(profile, secret, { id: 'evt_1', timestamp, body: bytes });

  it('passes a signature over the bytes sent, however old its timestamp (signed-timestamp-current judges that)', () => {
    expect(judgeProfileSignature(profile, secret, body, signed(body)).valid).toBe(true);
  });

  it('names a re-serialized body, and shows digests cut short and never the secret', () => {
    const pretty = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    const judgement = judgeProfileSignature(profile, secret, pretty, signed(body));
    expect(judgement).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/no signature in webhook-signature is the HMAC-SHA256/),
      hint: expect.stringMatching(/re-serialized as compact JSON/),
    });
    expect(judgement.expected).toMatch(/^v1,\S{8}…$/);
    expect(judgement.received).toMatch(/^v1,\S{8}…$/);
    expect(JSON.stringify(judgement)).not.toContain(secret);
  });

  it('says when the signature header is missing', () => {
    expect(judgeProfileSignature(profile, secret, body, { 'webhook-id': 'evt_1' })).toMatchObject({
      valid: false,
      received: '(no Webhook-Signature header)',
    });
  });
});

describe('judgeProfileSignature without what the profile signs', () => {
  it('shows no made-up expected signature when the delivery carries no timestamp to sign', () => {
    const judgement = judgeProfileSignature(builtInProfiles.stripe, 'sink-secret-1', Buffer.from('{}'), {
      'x-signature': 'sha256=ab',
    });
    expect(judgement).toMatchObject({
      valid: false,
      expected: '(none to show: the delivery carries no timestamp to sign)',
      received: '(no Stripe-Signature header)',
    });
  });
});
