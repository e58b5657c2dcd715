import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  containsAnySecret,
  foldCase,
  redactBytes,
  redactHeaders,
  redactText,
  secretVariants,
} from './redact.js';

// A secret inside the marker itself ("ACT", "]", in any case) cannot be told apart from the marker;
// real tokens are never that short, so the properties draw tokens that are not substrings of it.
const token = fc
  .string({ minLength: 1, maxLength: 40, unit: 'binary' })
  .filter((value) => !foldCase(REDACTED).includes(foldCase(value)));

describe('redactText', () => {
  it('replaces every occurrence of the token', () => {
    expect(redactText('a tok b tok c', ['tok'])).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });

  it('returns the same string when no secret occurs', () => {
    const text = 'nothing to hide';
    expect(redactText(text, ['secret'])).toBe(text);
  });

  it('removes overlapping occurrences whole, leaving no piece of them', () => {
    expect(redactText('xaaay', ['aa'])).toBe(`x${REDACTED}y`);
  });

  it('removes a token that re-forms next to the marker it just wrote', () => {
    const result = redactText('D]zzzzzz', ['D]zz']);
    expect(result).not.toContain('D]zz');
  });

  it('never lets a token survive in any text that contains it (property)', () => {
    fc.assert(
      fc.property(token, fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), (secret, pieces) => {
        const text = pieces.join(secret) + secret;
        expect(redactText(text, secretVariants([secret]))).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });

  it('never lets any of several tokens survive (property)', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 4 }), fc.string({ unit: 'binary' }), (secrets, filler) => {
        const text = secrets.map((secret) => `${filler}${secret}`).join(filler);
        const redacted = redactText(text, secretVariants(secrets));
        for (const secret of secrets) expect(redacted).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a token percent-encoded in a URL and JSON-escaped in a body', () => {
    const secrets = secretVariants(['a/b+c"d']);
    expect(redactText(`http://x/?t=${encodeURIComponent('a/b+c"d')}`, secrets)).toBe(`http://x/?t=${REDACTED}`);
    expect(redactText(JSON.stringify({ t: 'a/b+c"d' }), secrets)).toBe(`{"t":"${REDACTED}"}`);
  });
});

describe('secretVariants', () => {
  it('drops empty values and orders the rest longest first', () => {
    const variants = secretVariants(['', 'ab', 'a b']);
    expect(variants).not.toContain('');
    expect(variants[0]!.length).toBeGreaterThanOrEqual(variants[variants.length - 1]!.length);
    expect(variants).toContain('a%20b');
    expect(variants).toContain('a+b');
  });
});

describe('redactHeaders', () => {
  it('redacts values and keeps names that hold no secret', () => {
    expect(redactHeaders({ 'X-Echo': 'token=s3cret', accept: 'json' }, ['s3cret'])).toEqual({
      'X-Echo': `token=${REDACTED}`,
      accept: 'json',
    });
  });

  it('redacts a secret in a header name, in any letter case, and keeps the values of names that redact alike', () => {
    const secrets = secretVariants(['Tok_AbC123xyz', 'sink0123']);
    const redacted = redactHeaders(
      {
        'x-tok-tok_abc123xyz': '1',
        'x-tok-TOK_ABC123XYZ': '2',
        'x-tok-sink0123': '3',
        [`x-b64-${Buffer.from('sink0123').toString('base64url')}`]: '4',
      },
      secrets,
    );
    expect(redacted).toEqual({ [`x-tok-${REDACTED}`]: '1, 2, 3', [`x-b64-${REDACTED}`]: '4' });
  });
});

describe('encoded forms', () => {
  const secret = 'tok_live_5f1d9c0a7e2b44c1';
  const secrets = secretVariants([secret]);
  const bytes = Buffer.from(secret);

  it('finds the secret in any letter case, as a URL host is given back lower-cased', () => {
    expect(redactText(`http://${secret.toLowerCase()}.example/ ${secret.toUpperCase()}`, secrets)).toBe(
      `http://${REDACTED}.example/ ${REDACTED}`,
    );
  });

  it('finds the secret as base64, URL-safe base64 and hex in either case, bare or percent-encoded', () => {
    for (const form of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      encodeURIComponent(bytes.toString('base64')),
    ]) {
      expect(redactText(`<${form}>`, secrets)).toBe(`<${REDACTED}>`);
    }
  });

  it('removes the part of a longer base64 text that encodes the secret, whatever its offset (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 12 }),
        fc.uint8Array({ maxLength: 12 }),
        fc.boolean(),
        (before, after, urlSafe) => {
          const encoded = Buffer.concat([before, bytes, after]).toString(urlSafe ? 'base64url' : 'base64');
          const redacted = redactText(encoded, secrets);
          expect(redacted).toContain(REDACTED);
          // What is left holds at most a few characters' worth of the secret's bits at each edge.
          expect(redacted.length).toBeLessThan(encoded.length - 20);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('does not look for encoded parts of a short secret, which could match any base64 text', () => {
    expect(secretVariants(['ab12']).every((variant) => variant.length <= 12)).toBe(true);
  });
});

describe('foldCase', () => {
  it('keeps every character where it was, so ranges found in it are ranges of the original (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(foldCase(text)).toHaveLength(text.length);
        expect(foldCase(`A${text}Z`)).toMatch(/^a[^]*z$/);
      }),
      { numRuns: 300 },
    );
    expect(foldCase('İx TOKEN')).toBe('İx token');
  });
});

describe('redactBytes', () => {
  it('finds a UTF-8 token among bytes that are not text', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from('tökén'), Buffer.from([0xfe])]);
    const redacted = redactBytes(bytes, ['tökén']);
    expect(redacted.includes(Buffer.from('tökén'))).toBe(false);
    expect(redacted.includes(Buffer.from(REDACTED))).toBe(true);
    expect(redacted[0]).toBe(0xff);
  });

  it('returns the same buffer when no token occurs', () => {
    const bytes = Buffer.from('plain');
    expect(redactBytes(bytes, ['secret'])).toBe(bytes);
  });
});

describe('containsAnySecret', () => {
  it('finds a longer form through the shorter secret it contains, and nothing when absent', () => {
    const secrets = secretVariants(['Bearer abc123', 'abc123', 'other']);
    expect(containsAnySecret('x Bearer abc123 y', secrets)).toBe(true);
    expect(containsAnySecret('x Bearer%20abc123', secrets)).toBe(true);
    expect(containsAnySecret('...other...', secrets)).toBe(true);
    expect(containsAnySecret('Bearer abc12', secrets)).toBe(false);
  });

  it('agrees with a plain search over every secret, letter case aside (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }),
        fc.string({ maxLength: 30 }),
        (values, text) => {
          const secrets = secretVariants(values);
          expect(containsAnySecret(text, secrets)).toBe(
            secrets.some((secret) => secret !== '' && foldCase(text).includes(foldCase(secret))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
