// Target data printed to a terminal must stay data: a body holding ESC sequences could recolour,
// retitle or clear the user's terminal, or hide a failure. Every target-derived string passes here.

// CSI sequences (7-bit and the 8-bit U+009B form): colours, cursor moves, screen clears.
const csiSequence = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]/g;
// OSC, DCS, SOS, PM and APC strings up to BEL or ST (or the end): window titles, hyperlinks, clipboard.
const stringSequence = /\u001b[\]PX^_][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;
// What is left that a terminal could act on or that reorders/breaks the line when shown: C0 and C1
// controls (including a stray ESC), bidi controls, line/paragraph separators, lone surrogates.
const unsafeChars =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const namedEscapes: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function toVisibleEscape(char: string): string {
  const named = namedEscapes[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Makes a string safe to print on one terminal line: escape sequences removed, other controls and
 * newlines shown as visible escapes (`\n`, `\x07`), then cut to `maxChars` code points with a marker.
 */
export function toInertText(text: string, maxChars: number): string {
  const inert = text.replace(csiSequence, '').replace(stringSequence, '').replace(unsafeChars, toVisibleEscape);
  const codePoints = [...inert];
  if (codePoints.length <= maxChars) return inert;
  return `${codePoints.slice(0, maxChars).join('')}… (+${codePoints.length - maxChars} chars)`;
}
