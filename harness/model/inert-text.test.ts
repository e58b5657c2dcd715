import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toInertText } from './inert-text.js';

// Anything a terminal could act on, or that moves or reorders what follows on screen.
const terminalActive =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const hostileUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom(
    '\u001b[31m',
    '\u001b]0;title\u0007',
    '\u001b]8;;http://x\u001b\\',
    '\u009b2J',
    '\u001bc',
    '\r\n',
    '\u202e',
  ),
);

describe('toInertText', () => {
  it('leaves nothing a terminal acts on, and never passes the length bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: hostileUnit, maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (text, max) => {
        const inert = toInertText(text, max);
        expect(inert).not.toMatch(terminalActive);
        expect([...inert].length).toBeLessThanOrEqual(max + ' (+99999 chars)'.length + 1);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps printable text, emoji included, unchanged', () => {
    expect(toInertText('GET /customers?limit=2 → 200 ✓ \u{1F600} "ok"', 100)).toBe(
      'GET /customers?limit=2 → 200 ✓ \u{1F600} "ok"',
    );
  });

  it('removes colour, title and hyperlink sequences and shows other controls as escapes', () => {
    expect(toInertText('a\u001b[31;1mRED\u001b[0m\u001b]0;owned\u0007b\u001b]8;;http://x\u001b\\c', 100)).toBe(
      'aREDbc',
    );
    expect(toInertText('line\nbreak\r\ttab\u0000\u0007\u001bc\u0085', 100)).toBe(
      'line\\nbreak\\r\\ttab\\x00\\x07\\x1bc\\x85',
    );
    expect(toInertText('\u202eevil\u2028x\ud800', 100)).toBe('\\u{202e}evil\\u{2028}x\\u{d800}');
  });

  it('cuts by code points with a marker saying how much was left out', () => {
    expect(toInertText('abcdef', 3)).toBe('abc… (+3 chars)');
    expect(toInertText('\u{1F600}'.repeat(4), 2)).toBe('\u{1F600}\u{1F600}… (+2 chars)');
    expect(toInertText('abc', 3)).toBe('abc');
  });
});
