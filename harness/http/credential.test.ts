import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearMisses, prepareCredential, toWrongToken } from './credential.js';

describe('prepareCredential', () => {
  it('keeps the scheme and draws a different token of the same shape', () => {
    const prepared = prepareCredential({
      header: 'Authorization',
      value: 'Bearer abc-123-XYZ',
      curlValue: 'Bearer $T',
    });
    expect(prepared.prefix).toBe('Bearer ');
    expect(prepared.headerKey).toBe('authorization');
    expect(prepared.wrongValue).toMatch(/^Bearer [a-z]{3}-\d{3}-[A-Z]{3}$/);
    expect(prepared.wrongValue).not.toBe(prepared.validValue);
    expect(prepared.secrets).toEqual(
      expect.arrayContaining(['Bearer abc-123-XYZ', 'abc-123-XYZ', prepared.wrongValue, prepared.wrongValue.slice(7)]),
    );
  });

  it('uses a wrong value given by the caller, so a caller redacting outside the client knows it', () => {
    const prepared = prepareCredential({
      header: 'Authorization',
      value: 'Bearer abc',
      curlValue: 'Bearer $T',
      wrongValue: 'Bearer xyz',
    });
    expect(prepared.wrongValue).toBe('Bearer xyz');
    expect(prepared.secrets).toEqual(['Bearer abc', 'abc', 'Bearer xyz', 'xyz', 'ab', 'abcd', 'babc', 'acc']);
  });

  it('treats a value without a space as a bare token (X-Api-Key style)', () => {
    const prepared = prepareCredential({ header: 'X-Api-Key', value: 'k3y', curlValue: '$T' });
    expect(prepared.prefix).toBe('');
    expect(prepared.wrongValue).toHaveLength(3);
    expect(prepared.wrongValue).not.toBe('k3y');
  });
});

describe('toWrongToken', () => {
  it('never returns the token itself (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (token) => {
        expect(toWrongToken(token)).not.toBe(token);
      }),
    );
  });

  it('keeps the length of a token that has letters or digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._-]{8,40}$/).filter((t) => /[A-Za-z0-9]/.test(t)),
        (token) => {
          expect(toWrongToken(token)).toHaveLength(token.length);
        },
      ),
    );
  });
});

describe('the flaws of a credential', () => {
  const prepared = prepareCredential({ header: 'Authorization', value: 'Bearer tok9Z', curlValue: 'Bearer $T' });

  it('builds each way a request can lack a valid credential from the configured one', () => {
    expect(prepared.valueFor('valid')).toBe('Bearer tok9Z');
    expect(prepared.valueFor('none')).toBeUndefined();
    expect(prepared.valueFor('empty')).toBe('');
    expect(prepared.valueFor('scheme-only')).toBe('Bearer');
    expect(prepared.valueFor('truncated')).toBe('Bearer tok9');
    expect(prepared.valueFor('extended')).toBe('Bearer tok9ZA');
    expect(prepared.valueFor('middle-changed')).toBe('Bearer tol9Z');
    expect(prepared.valueFor('wrong')).toMatch(/^Bearer [a-z]{3}\d[A-Z]$/);
  });

  it('redacts every flawed token too, so a target echoing one back leaks nothing', () => {
    expect(prepared.secrets).toEqual(expect.arrayContaining(['tok9', 'tok9ZA', 'tol9Z']));
  });

  it('swaps the middle character for another of its kind, never for itself, and never cuts base64 padding', () => {
    expect(nearMisses('a9')).toEqual({ truncated: 'a', extended: 'a90', prefixed: 'ba9', 'middle-changed': 'a0' });
    expect(nearMisses('k-z')).toEqual({ truncated: 'k-', extended: 'k-za', prefixed: 'lk-z', 'middle-changed': 'kxz' });
    // A padded base64 key: cutting "=" or changing the last character could leave the same bytes.
    expect(nearMisses('QUJDRA==')).toEqual({
      truncated: 'QUJDR',
      extended: 'QUJDRA==B',
      prefixed: 'RQUJDRA==',
      'middle-changed': 'QUJERA==',
    });
  });
});
