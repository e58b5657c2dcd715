import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeDigest,
  detectDigestEncoding,
  signBody,
  verifySignature,
  type DigestEncodingChoice,
} from './verify-signature.js';

interface SignatureVector {
  readonly name: string;
  readonly secret: string;
  readonly rawBodyBase64: string;
  readonly rawBodyUtf8: string;
  readonly header: string | null;
  readonly encoding: DigestEncodingChoice;
  readonly valid: boolean;
  readonly why: string;
}

const vectorFile = JSON.parse(readFileSync(new URL('./signature-vectors.json', import.meta.url), 'utf8')) as {
  vectors: SignatureVector[];
};

describe('signature vectors', () => {
  it("holds GitHub's published example and every negative the issue lists", () => {
    const names = vectorFile.vectors.map((vector) => vector.name);
    for (const name of [
      'github-example',
      'tampered-body',
      'reserialized-whitespace',
      'reserialized-key-order',
      'reserialized-escapes',
      'wrong-secret',
      'missing-prefix',
      'upper-case-hex',
      'truncated-digest',
      'base64-where-hex-pinned',
    ]) {
      expect(names).toContain(name);
    }
    const github = vectorFile.vectors.find((vector) => vector.name === 'github-example')!;
    expect(github).toMatchObject({
      secret: "It's a Secret to Everybody",
      rawBodyUtf8: 'Hello, World!',
      header: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      valid: true,
    });
  });

  it('keeps rawBodyUtf8 and rawBodyBase64 as the same bytes', () => {
    for (const vector of vectorFile.vectors) {
      expect(Buffer.from(vector.rawBodyBase64, 'base64').toString('utf8'), vector.name).toBe(vector.rawBodyUtf8);
    }
  });

  it.each(vectorFile.vectors.map((vector) => [vector.name, vector] as const))(
    'judges vector %s as the file says',
    (_name, vector) => {
      const verdict = verifySignature(
        vector.secret,
        Buffer.from(vector.rawBodyBase64, 'base64'),
        vector.header ?? undefined,
        vector.encoding,
      );
      expect(verdict.valid).toBe(vector.valid);
      if (vector.valid) expect(verdict.reason).toBeUndefined();
      else expect(verdict.reason).toMatch(/\S/);
    },
  );
});

describe('verifySignature', () => {
  it('accepts what signBody writes, in either encoding, and refuses any other bytes or secret', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.string({ minLength: 1 }),
        fc.uint8Array({ minLength: 1, maxLength: 4 }),
        (body, secret, extra) => {
          for (const encoding of ['hex', 'base64'] as const) {
            const header = signBody(secret, body, encoding);
            expect(verifySignature(secret, body, header, 'either').valid).toBe(true);
            expect(verifySignature(secret, body, header, encoding).valid).toBe(true);
            expect(verifySignature(`${secret}x`, body, header, 'either').valid).toBe(false);
            expect(verifySignature(secret, Buffer.concat([body, extra]), header, 'either').valid).toBe(false);
          }
        },
      ),
    );
  });

  it('says why a header is refused', () => {
    const body = Buffer.from('{}');
    const hex = computeDigest('s', body, 'hex');
    expect(verifySignature('s', body, undefined, 'either').reason).toMatch(/no X-Signature/);
    expect(verifySignature('s', body, hex, 'either').reason).toMatch(/does not begin with "sha256="/);
    // Base16 either case: the convention leaves the encoding open (5/5).
    expect(verifySignature('s', body, `sha256=${hex.toUpperCase()}`, 'either').valid).toBe(true);
    expect(verifySignature('s', body, `sha256=${hex.toUpperCase()}`, 'hex').valid).toBe(true);
    expect(verifySignature('s', body, `sha256=${hex.slice(2)}`, 'hex').reason).toMatch(/62 characters/);
    expect(verifySignature('s', body, signBody('s', body, 'base64'), 'hex').reason).toMatch(/base64 but hex is pinned/);
    expect(verifySignature('t', body, `sha256=${hex}`, 'either').reason).toMatch(/not the HMAC-SHA256/);
  });

  it('tells hex from base64 by shape alone', () => {
    const body = Buffer.from('x');
    expect(detectDigestEncoding(computeDigest('s', body, 'hex'))).toBe('hex');
    expect(detectDigestEncoding(computeDigest('s', body, 'base64'))).toBe('base64');
    expect(detectDigestEncoding('abc')).toBeUndefined();
  });
});
