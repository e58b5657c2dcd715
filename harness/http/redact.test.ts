import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, containsAnySecret, redactBytes, redactHeaders, redactText, secretVariants } from './redact.js';

// A secret inside the marker itself ("ACT", "]") cannot be told apart from the marker; real tokens
// are never that short, so the properties draw tokens that are not substrings of it.
const token = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).filter((value) => !REDACTED.includes(value));

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
  it('redacts values and keeps names', () => {
    expect(redactHeaders({ 'X-Echo': 'token=s3cret', accept: 'json' }, ['s3cret'])).toEqual({
      'X-Echo': `token=${REDACTED}`,
      accept: 'json',
    });
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

  it('agrees with a plain search over every secret (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }), fc.string({ maxLength: 30 }), (values, text) => {
        const secrets = secretVariants(values);
        expect(containsAnySecret(text, secrets)).toBe(secrets.some((secret) => text.includes(secret)));
      }),
      { numRuns: 300 },
    );
  });
});
