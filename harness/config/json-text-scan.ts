// Reads JSON text for the two things JSON.parse does not tell: where a syntax error is (Node 20
// names a position for some errors and none for others, and never a line), and which keys are
// written twice (JSON.parse silently keeps the last, so a doubled "pagination" section would
// drop the first without a word). JSON.parse stays the parser; this only locates. Iterative,
// with an explicit stack, so hostile nesting cannot overflow the call stack.
import { childPointer } from './problem-line.js';

/** A position in the text, 1-based. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export interface JsonSyntaxProblem extends TextPosition {
  /** What is wrong, in words, e.g. 'expected "," or "}" (a comma missing?)'. */
  readonly reason: string;
}

export interface DuplicateKey {
  /** JSON pointer of the key written twice. */
  readonly pointer: string;
  readonly first: TextPosition;
  readonly again: TextPosition;
}

export interface JsonTextScan {
  readonly syntaxProblem?: JsonSyntaxProblem;
  readonly duplicateKeys: readonly DuplicateKey[];
}

type Frame =
  | { readonly kind: 'object'; readonly pointer: string; readonly keys: Map<string, number> }
  | { readonly kind: 'array'; readonly pointer: string; index: number };

type Mode = 'value' | 'firstValue' | 'firstKey' | 'key' | 'afterValue';

class SyntaxProblemAt {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** Maps offsets to line and column; the line starts are found once, as duplicates may be many. */
function createPositionFinder(text: string): (offset: number) => TextPosition {
  let lineStarts: number[] | undefined;
  return (offset) => {
    if (lineStarts === undefined) {
      lineStarts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    }
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}

/** Index just past the string starting at `start` (a double quote), checking escapes. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text[i];
    if (c === undefined) throw new SyntaxProblemAt(start, 'a string that is never closed (a " missing?)');
    if (c === '"') return i + 1;
    if (c < ' ')
      throw new SyntaxProblemAt(i, 'a line break or control character inside a string (write it as \\n or \\t)');
    if (c === '\\') {
      const escaped = text[i + 1];
      if (escaped === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          throw new SyntaxProblemAt(i, 'a \\u escape without four hex digits');
        i += 6;
        continue;
      }
      if (escaped === undefined || !'"\\/bfnrt'.includes(escaped))
        throw new SyntaxProblemAt(i, 'an invalid escape in a string (write a backslash as \\\\)');
      i += 2;
      continue;
    }
    i += 1;
  }
}

function describeUnexpected(c: string | undefined): string {
  if (c === undefined) return 'the end of the file';
  if (c === "'") return 'single quotes (JSON needs double quotes)';
  if (c === '/') return 'a comment (JSON has none)';
  if (/[A-Za-z_]/.test(c)) return 'a bare word (strings and keys need double quotes)';
  return JSON.stringify(c);
}

/** Scans JSON text (without a byte-order mark) for the first syntax problem and for duplicate keys. */
export function scanJsonText(text: string): JsonTextScan {
  const duplicateKeys: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let mode: Mode = 'value';
  let pointer = '';
  let i = 0;
  let afterComma = false;
  const positionOf = createPositionFinder(text);
  const skipWhitespace = (): void => {
    WHITESPACE.lastIndex = i;
    WHITESPACE.exec(text);
    i = WHITESPACE.lastIndex;
  };
  try {
    for (;;) {
      skipWhitespace();
      const c = text[i];
      const top = stack.at(-1);
      if (mode === 'afterValue') {
        if (top === undefined) {
          if (c === undefined) return { duplicateKeys };
          throw new SyntaxProblemAt(i, 'more text after the end of the JSON value');
        }
        const closer = top.kind === 'object' ? '}' : ']';
        if (c === ',') {
          i += 1;
          afterComma = true;
          if (top.kind === 'object') mode = 'key';
          else {
            top.index += 1;
            pointer = `${top.pointer}/${top.index}`;
            mode = 'value';
          }
        } else if (c === closer) {
          i += 1;
          stack.pop();
        } else {
          const hint =
            c === undefined ? `the file ends before "${closer}"` : `expected "," or "${closer}" (a comma missing?)`;
          throw new SyntaxProblemAt(i, hint);
        }
        continue;
      }
      if (mode === 'firstKey' || mode === 'key') {
        if (c === '}' && (mode === 'firstKey' || afterComma)) {
          if (mode === 'key') throw new SyntaxProblemAt(i, 'a trailing comma before "}"');
          i += 1;
          stack.pop();
          mode = 'afterValue';
          continue;
        }
        if (c !== '"') throw new SyntaxProblemAt(i, `expected a key in double quotes, found ${describeUnexpected(c)}`);
        const keyStart = i;
        i = skipString(text, i);
        const key = JSON.parse(text.slice(keyStart, i)) as string;
        const object = top as Extract<Frame, { kind: 'object' }>;
        const firstAt = object.keys.get(key);
        if (firstAt === undefined) object.keys.set(key, keyStart);
        else
          duplicateKeys.push({
            pointer: childPointer(object.pointer, key),
            first: positionOf(firstAt),
            again: positionOf(keyStart),
          });
        skipWhitespace();
        if (text[i] !== ':') throw new SyntaxProblemAt(i, 'expected ":" after a key');
        i += 1;
        pointer = childPointer(object.pointer, key);
        mode = 'value';
        afterComma = false;
        continue;
      }
      // mode is 'value' or 'firstValue'
      if (c === ']' && (mode === 'firstValue' || afterComma)) {
        if (mode === 'value') throw new SyntaxProblemAt(i, 'a trailing comma before "]"');
        i += 1;
        stack.pop();
        mode = 'afterValue';
        continue;
      }
      afterComma = false;
      if (c === '{') {
        stack.push({ kind: 'object', pointer, keys: new Map() });
        i += 1;
        mode = 'firstKey';
      } else if (c === '[') {
        stack.push({ kind: 'array', pointer, index: 0 });
        pointer = `${pointer}/0`;
        i += 1;
        mode = 'firstValue';
      } else if (c === '"') {
        i = skipString(text, i);
        mode = 'afterValue';
      } else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
        NUMBER.lastIndex = i;
        if (NUMBER.exec(text) === null) throw new SyntaxProblemAt(i, 'an invalid number');
        i = NUMBER.lastIndex;
        mode = 'afterValue';
      } else {
        const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
        if (literal === undefined) throw new SyntaxProblemAt(i, `expected a value, found ${describeUnexpected(c)}`);
        i += literal.length;
        mode = 'afterValue';
      }
    }
  } catch (thrown) {
    if (!(thrown instanceof SyntaxProblemAt)) throw thrown;
    return { syntaxProblem: { ...positionOf(thrown.offset), reason: thrown.reason }, duplicateKeys };
  }
}
