// JSON read without rounding: an integer beyond 2^53 (a 64-bit id from a Java, Go or C# service)
// is kept as its digits, a string, instead of the nearest double JSON.parse gives, which names
// another record, so a read or delete of it would go to an id that does not exist. JSON.parse stays
// the parser: only text holding a run of 16 or more digits is scanned (strings skipped), and each
// unsafe integer token found is quoted before parsing, so V8 builds every value as usual (a
// character-by-character parser in JS builds strings out of millions of pieces: a 1 MB cursor cost
// hundreds of MB). Writing back, a string the target wrote as such a number is a number again. Pure.

/** Parsed JSON and the integers in it kept as their digits (strings), in the order met. */
export interface ExactJson {
  readonly json: unknown;
  readonly exactIntegers: readonly string[];
}

// 2^53 has 16 digits: a number with fewer is always exact as a double.
const longDigitRun = /\d{16,}/;

/** Parses `text` as JSON.parse does (throwing its SyntaxError), but keeps unsafe integers as digit strings. */
export function parseExactJson(text: string): ExactJson {
  if (!longDigitRun.test(text)) return { json: JSON.parse(text), exactIntegers: [] };
  const tokens = findUnsafeIntegers(text);
  if (tokens.length === 0) return { json: JSON.parse(text), exactIntegers: [] };
  const pieces: string[] = [];
  let from = 0;
  for (const { start, end } of tokens) {
    pieces.push(text.slice(from, start), '"', text.slice(start, end), '"');
    from = end;
  }
  pieces.push(text.slice(from));
  let json: unknown;
  try {
    json = JSON.parse(pieces.join(''));
  } catch {
    // Not JSON after all: JSON.parse says why, about the text as the target sent it.
    return { json: JSON.parse(text), exactIntegers: [] };
  }
  return { json, exactIntegers: tokens.map(({ start, end }) => text.slice(start, end)) };
}

// The integer tokens outside strings that a double cannot hold exactly. Iterative, one pass; on text
// that is not JSON it may find nonsense, which JSON.parse then refuses.
function findUnsafeIntegers(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i += 1; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i += 1;
      continue;
    }
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) continue;
    const start = i;
    let isInteger = true;
    for (i += 1; i < text.length; i++) {
      const next = text.charCodeAt(i);
      if (next >= 0x30 && next <= 0x39) continue;
      if (next === 0x2e || next === 0x65 || next === 0x45 || next === 0x2b || next === 0x2d) isInteger = false;
      else break;
    }
    const digits = text.slice(start, i);
    i -= 1;
    if (isInteger && digits.replace('-', '').length >= 16 && !Number.isSafeInteger(Number(digits)))
      found.push({ start, end: start + digits.length });
  }
  return found;
}

// Stands for a kept integer while JSON.stringify writes the text around it; JSON.stringify escapes
// the NUL, so no string of the body can end up looking like it unless it held this very text.
const marker = '\u0000apicert-integer:';
const markedInText = /"\\u0000apicert-integer:(-?\d+)"/g;

/** JSON text for `value`, writing each string in `integers` as the number it was read from. */
export function stringifyExactJson(value: unknown, integers: ReadonlySet<string>): string {
  if (integers.size === 0) return JSON.stringify(value);
  const text = JSON.stringify(mapStrings(value, integers, (digits) => `${marker}${digits}`));
  return text.replace(markedInText, '$1');
}

/** `value` as JSON.parse would have read it (strings in `integers` rounded to numbers): for schema types. */
export function withIntegersAsNumbers(value: unknown, integers: ReadonlySet<string>): unknown {
  if (integers.size === 0) return value;
  return mapStrings(value, integers, Number);
}

// Copies every container, recursively: an answer reaches it only when it nests at most 100 levels
// (json-body.ts refuses deeper ones), and a request body is the kit's own.
function mapStrings(value: unknown, integers: ReadonlySet<string>, replace: (digits: string) => unknown): unknown {
  if (typeof value === 'string') return integers.has(value) ? replace(value) : value;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, integers, replace));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = mapStrings(item, integers, replace);
    return copy;
  }
  return value;
}
