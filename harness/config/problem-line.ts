// The pieces every config problem line is made of. A problem is ONE line even when the file
// holds newlines or huge strings, so values and keys from the file pass through here.
import { maskUrlUserInfo } from './url-user-info.js';

const SHOWN_VALUE_CHARS = 40;

/** Shows a value from the file as JSON, cut to about 40 characters, never spanning lines; a URL's password masked. */
export function showValue(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const json = JSON.stringify(typeof value === 'string' ? maskUrlUserInfo(value) : value) ?? String(value);
  if (json.length <= SHOWN_VALUE_CHARS) return json;
  // Only strings grow this long (numbers stay short in JSON); keep the closing quote.
  return `${json.slice(0, SHOWN_VALUE_CHARS - 2)}…"`;
}

/** Shows text from the file without quotes (a placeholder token, say), cut and on one line. */
export function showText(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length <= SHOWN_VALUE_CHARS ? escaped : `${escaped.slice(0, SHOWN_VALUE_CHARS - 1)}…`;
}

const LISTED_NAMES = 8;

/** Shows names as a quoted, comma-separated list, cut after a few. */
export function showNames(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).map(showValue).join(', ');
  return names.length > LISTED_NAMES ? `${shown}, …` : shown;
}

/** Escapes one JSON pointer segment (RFC 6901). */
function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Builds a JSON pointer from segments. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapeSegment(segment)}`).join('');
}

/** Appends one segment to a JSON pointer. */
export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${escapeSegment(segment)}`;
}

/** Shows a pointer for a problem line: "(root)" for the whole file; keys from the file can hold anything, so each is cut and escaped. */
export function showPointer(pointer: string): string {
  if (pointer === '') return '(root)';
  return pointer.split('/').map(showText).join('/');
}

/** One problem in the config: where (a JSON pointer), what is wrong, how to fix it. */
export interface ConfigProblem {
  readonly pointer: string;
  readonly what: string;
  readonly fix: string;
}

/** Formats a problem as its one line. */
export function toProblemLine(problem: ConfigProblem): string {
  const line = `${showPointer(problem.pointer)}: ${problem.what}; ${problem.fix}`;
  // Last guard of the one-line promise, should a message ever embed raw text from the file.
  return line.replace(
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function compareSegments(a: string, b: string): number {
  const isIndexPair = /^\d+$/.test(a) && /^\d+$/.test(b);
  if (isIndexPair) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders problems by pointer, list indexes numerically, so the lines about one part of the file stand together. */
export function comparePointers(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const order = compareSegments(left[i]!, right[i]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
