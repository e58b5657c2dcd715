import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDigestPrefixOfSignature, signatureHeader, verifySignatureHeader } from './signature.js';

describe('webhook signatures', () => {
  it('writes sha256= and the lowercase hex HMAC of the exact bytes', () => {
    const body = Buffer.from('{"event":"x"}');
    expect(signatureHeader('s3cret', body)).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    expect(signatureHeader('s3cret', body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('verifies hex and base64 digests of the same bytes and nothing else', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.string({ minLength: 1 }),
        fc.uint8Array({ minLength: 1, maxLength: 5 }),
        (bytes, secret, extra) => {
          const body = Buffer.from(bytes);
          expect(verifySignatureHeader(signatureHeader(secret, body, 'hex'), secret, body)).toBe(true);
          expect(verifySignatureHeader(signatureHeader(secret, body, 'base64'), secret, body)).toBe(true);
          expect(verifySignatureHeader(signatureHeader(secret, body), `${secret}x`, body)).toBe(false);
          expect(verifySignatureHeader(signatureHeader(secret, body), secret, Buffer.concat([body, extra]))).toBe(
            false,
          );
        },
      ),
    );
  });

  it('refuses a missing header, a missing label and malformed digests', () => {
    const body = Buffer.from('{}');
    const digest = createHmac('sha256', 's').update(body).digest('hex');
    for (const header of [
      undefined,
      '',
      digest,
      `sha1=${digest}`,
      'sha256=',
      `sha256=${digest.slice(1)}`,
      `sha256=${digest}00`,
      'sha256=zz',
    ]) {
      expect(verifySignatureHeader(header, 's', body), String(header)).toBe(false);
    }
  });

  it('with the prefix defect, takes any prefix of the right digest, an empty one included, and still refuses a wrong one', () => {
    const body = Buffer.from('{}');
    const digest = createHmac('sha256', 's').update(body).digest('hex');
    for (const header of [
      'sha256=',
      `sha256=${digest.slice(0, 32)}`,
      `sha256=${digest.slice(0, 63)}`,
      `sha256=${digest.toUpperCase()}`,
      signatureHeader('s', body, 'base64').slice(0, 20),
    ]) {
      expect(isDigestPrefixOfSignature(header, 's', body), header).toBe(true);
    }
    for (const header of [undefined, '', digest, `sha256=${digest}0`, signatureHeader('other', body)]) {
      expect(isDigestPrefixOfSignature(header, 's', body), String(header)).toBe(false);
    }
  });
});
