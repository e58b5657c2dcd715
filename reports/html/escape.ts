// The one place where text becomes HTML. Every string that reaches index.html or badge.svg (target
// data, check messages, kit values alike) passes through escapeHtml or, for bulky text nodes,
// escapeHtmlText; nothing else builds markup from data, so a body holding `<script>` or
// `"><img onerror=...>` stays text.

const markupChars = /[&<>"']/g;
const markupEntities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Characters that are not markup but would still mislead a reader: C0/C1 controls other than tab,
// newline and carriage return (NUL is even rewritten by the HTML parser), bidi controls that reorder
// the line to hide text, U+2028/U+2029 (invisible breaks), a BOM, and lone surrogates (which UTF-8
// cannot encode). Shown as visible escapes, as the console report does.
const invisibleChars =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function toVisibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Escapes text for an HTML (or SVG) text node or a double- or single-quoted attribute value:
 * `& < > " '` become entities and invisible or reordering characters become visible escapes.
 */
export function escapeHtml(text: string): string {
  return text.replace(invisibleChars, toVisibleEscape).replace(markupChars, (char) => markupEntities[char] ?? char);
}

const textMarkupChars = /[&<>]/g;

/**
 * Escapes text for a text node only (never an attribute): quotes stay as they are, since outside an
 * attribute they mean nothing, and JSON bodies full of `"` would otherwise grow 2.5-fold on the page.
 */
export function escapeHtmlText(text: string): string {
  return text.replace(invisibleChars, toVisibleEscape).replace(textMarkupChars, (char) => markupEntities[char] ?? char);
}
