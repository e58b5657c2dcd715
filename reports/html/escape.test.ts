import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlText } from './escape.js';

// Undoes exactly the five entities escapeHtml writes.
function decodeEntities(html: string): string {
  return html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_match, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
  );
}

// Every UTF-16 code unit (lone surrogates included), with markup characters made frequent.
const anyCodeUnit = fc.oneof(
  fc.constantFrom('<', '>', '&', '"', "'", ';', '#'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

describe('escapeHtml', () => {
  it('turns markup characters into entities', () => {
    expect(escapeHtml(`<script>window.__pwned=1</script> <img src=x onerror="a('b')"> &amp;`)).toBe(
      '&lt;script&gt;window.__pwned=1&lt;/script&gt; &lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp;amp;',
    );
  });

  it('shows controls, bidi overrides, U+2028/U+2029 and lone surrogates as visible escapes', () => {
    expect(escapeHtml('a\u0000b\u0007c\u001b[31m\u202eevil\u2028\u2029\ud800\ufeff')).toBe(
      'a\\x00b\\x07c\\x1b[31m\\u{202e}evil\\u{2028}\\u{2029}\\u{d800}\\u{feff}',
    );
  });

  it('keeps tabs, newlines, carriage returns and surrogate pairs', () => {
    expect(escapeHtml('a\tb\nc\r\n\u{1F600}')).toBe('a\tb\nc\r\n\u{1F600}');
  });

  it('never leaves a character that could open a tag or end an attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit }), (text) => {
        const html = escapeHtml(text);
        return !/[<>"']/.test(html) && !html.replace(/&(amp|lt|gt|quot|#39);/g, '').includes('&');
      }),
    );
  });

  it('round-trips text that has no invisible characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", 'a', ' ', '\n', '\u00e9', '\u{1F600}', ';', '#') }),
        (text) => {
          expect(decodeEntities(escapeHtml(text))).toBe(text);
        },
      ),
    );
  });
});

describe('escapeHtmlText', () => {
  it('escapes what could open a tag or an entity and leaves quotes, which mean nothing in a text node', () => {
    expect(escapeHtmlText(`</pre><script>x("a")</script> & '\u2028'`)).toBe(
      `&lt;/pre&gt;&lt;script&gt;x("a")&lt;/script&gt; &amp; '\\u{2028}'`,
    );
  });

  it('never leaves a character that could open a tag', () => {
    fc.assert(fc.property(fc.string({ unit: anyCodeUnit }), (text) => !/[<>]/.test(escapeHtmlText(text))));
  });
});
