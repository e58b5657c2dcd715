import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text.js';

describe('cutText', () => {
  it('keeps a short text whole', () => {
    expect(cutText('abc', 3)).toEqual({ text: 'abc', omittedChars: 0 });
  });

  it('cuts a long text and counts what it left out', () => {
    expect(cutText('abcdef', 4)).toEqual({ text: 'abcd', omittedChars: 2 });
  });

  it('never ends inside a surrogate pair', () => {
    expect(cutText('ab\u{1F600}c', 3)).toEqual({ text: 'ab', omittedChars: 3 });
  });

  it('returns a prefix, and prefix plus omitted count is the whole length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(50), (text, max) => {
        const cut = cutText(text, max);
        expect(text.startsWith(cut.text)).toBe(true);
        expect(cut.text.length).toBeLessThanOrEqual(max);
        expect(cut.text.length + cut.omittedChars).toBe(text.length);
        expect(cut.text).not.toMatch(/[\ud800-\udbff]$/);
      }),
    );
  });
});
