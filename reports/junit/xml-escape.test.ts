import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../test-support/parse-xml.js';
import { escapeXmlAttribute, escapeXmlText } from './xml-escape.js';

// Any UTF-16 code unit (so lone surrogates too), any code point, and the strings that break XML.
const hostileUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('<', '>', '&', '"', "'", ']]>', '\r\n', '\r', '\t', '\u001b[31m', '\u2028', '&amp;', '<![CDATA['),
);
const hostileString = fc.string({ unit: hostileUnit, maxLength: 40 });
const xmlUnsafe = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\uD800-\uDFFF]/;

function roundTrip(value: string): { attribute: string; text: string } {
  const root = parseXml(
    `<r a="${escapeXmlAttribute(value)}" b='${escapeXmlAttribute(value)}'>${escapeXmlText(value)}</r>`,
  );
  expect(root.attributes['b']).toBe(root.attributes['a']);
  return { attribute: root.attributes['a']!, text: root.text };
}

describe('escapeXmlText and escapeXmlAttribute', () => {
  it('always produce a well-formed document, whatever the input', () => {
    fc.assert(
      fc.property(hostileString, (value) => void roundTrip(value)),
      { numRuns: 500 },
    );
  });

  it('keep every legal string exactly, including CR, tabs, quotes and newlines', () => {
    const legal = hostileString.filter(
      (value) => !xmlUnsafe.test(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')),
    );
    fc.assert(
      fc.property(legal, (value) => {
        const decoded = roundTrip(value);
        expect(decoded.text).toBe(value);
        expect(decoded.attribute).toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it('replace illegal characters with visible \\uXXXX text instead of dropping them silently', () => {
    const decoded = roundTrip('a\u0000b\u001bc\ud800d\uffffe\u0085f');
    expect(decoded.text).toBe('a\\u0000b\\u001Bc\\uD800d\\uFFFFe\\u0085f');
    expect(decoded.attribute).toBe(decoded.text);
  });

  it('never let "]]>" or markup through raw', () => {
    const escaped = escapeXmlText('<script>x</script>]]>');
    expect(escaped).toBe('&lt;script&gt;x&lt;/script&gt;]]&gt;');
    expect(escapeXmlAttribute('"\'<&')).toBe('&quot;&apos;&lt;&amp;');
  });

  it('keep a surrogate pair (an emoji) intact', () => {
    expect(escapeXmlText('\u{1F600}')).toBe('\u{1F600}');
  });
});
