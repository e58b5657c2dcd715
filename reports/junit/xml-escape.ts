// The one place junit.xml escapes text. Target data is untrusted: every string that reaches the XML
// passes through here, so a hostile body cannot break the document or inject markup.

/**
 * Characters XML 1.0 forbids anywhere (even as character references): C0 controls other than tab,
 * LF and CR, U+FFFE/U+FFFF, and lone surrogates. C1 controls (U+007F-U+009F) are legal but
 * "discouraged" by the spec and act as terminal controls when the file is printed, so they go too.
 */
const unsafeXmlChars =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Shows a removed character as visible text (`\u0000`), so the reader knows something was there. */
function toVisibleCodeUnit(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

const textEntities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

// In attributes, tab/LF/CR would be normalized to spaces by every parser, so they travel as references.
const attributeEntities: Readonly<Record<string, string>> = {
  ...textEntities,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Escapes a string for XML element content. `>` is always escaped, so `]]>` cannot appear; CR is kept
 * as a reference because parsers turn a literal CR into LF.
 */
export function escapeXmlText(value: string): string {
  return value
    .replace(unsafeXmlChars, toVisibleCodeUnit)
    .replace(/[&<>\r]/g, (char) => (char === '\r' ? '&#13;' : textEntities[char]!));
}

/** Escapes a string for a double- or single-quoted XML attribute value. */
export function escapeXmlAttribute(value: string): string {
  return value.replace(unsafeXmlChars, toVisibleCodeUnit).replace(/[&<>"'\t\n\r]/g, (char) => attributeEntities[char]!);
}
