import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignatureHeader } from './signature.js';

describe('webhook signatures', () => {
  it('writes sha256= and the lowercase hex HMAC of the exact bytes', () => {
    const body = Buffer.from('{"event":"x"}');
    expect(signatureHeader('s3cret', body)).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    expect(signatureHeader('s3cret', body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('verifies hex and base64 digests of the same bytes and nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.string({ minLength: 1 }), fc.uint8Array({ minLength: 1, maxLength: 5 }), (bytes, secret, extra) => {
        const body = Buffer.from(bytes);
        expect(verifySignatureHeader(signatureHeader(secret, body, 'hex'), secret, body)).toBe(true);
        expect(verifySignatureHeader(signatureHeader(secret, body, 'base64'), secret, body)).toBe(true);
        expect(verifySignatureHeader(signatureHeader(secret, body), `${secret}x`, body)).toBe(false);
        expect(verifySignatureHeader(signatureHeader(secret, body), secret, Buffer.concat([body, extra]))).toBe(false);
      }),
    );
  });

  it('refuses a missing header, a missing label and malformed digests', () => {
    const body = Buffer.from('{}');
    const digest = createHmac('sha256', 's').update(body).digest('hex');
    for (const header of [undefined, '', digest, `sha1=${digest}`, 'sha256=', `sha256=${digest.slice(1)}`, `sha256=${digest}00`, 'sha256=zz']) {
      expect(verifySignatureHeader(header, 's', body), String(header)).toBe(false);
    }
  });
});
