import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJsonText } from './json-text-scan.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// Valid JSON with one character inserted, removed or replaced: the errors people make.
const nearlyJson = fc
  .tuple(
    fc.json(),
    fc.nat(),
    fc.constantFrom('', ',', '}', ']', '"', ':', "'", '\n', 'x', '0', '.', '\\', '{', '['),
    fc.boolean(),
  )
  .map(([text, at, inserted, replaces]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + inserted + text.slice(replaces ? index + 1 : index);
  });

describe('scanJsonText', () => {
  it('finds a syntax problem exactly when JSON.parse rejects the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), nearlyJson, fc.string()), (text) => {
        expect(scanJsonText(text).syntaxProblem === undefined).toBe(parses(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds no duplicate keys in JSON that JSON.stringify wrote', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(scanJsonText(text).duplicateKeys).toEqual([]);
      }),
    );
  });

  it('locates a missing comma by line and column', () => {
    const text = '{\n  "target": {\n    "baseUrl": "http://x"\n    "auth": {}\n  }\n}';
    expect(scanJsonText(text).syntaxProblem).toEqual({
      line: 4,
      column: 5,
      reason: 'expected "," or "}" (a comma missing?)',
    });
  });

  it('names a trailing comma, single quotes, comments and an early end', () => {
    expect(scanJsonText('{"a": 1,\n}').syntaxProblem).toEqual({
      line: 2,
      column: 1,
      reason: 'a trailing comma before "}"',
    });
    expect(scanJsonText('[1, 2, ]').syntaxProblem?.reason).toBe('a trailing comma before "]"');
    expect(scanJsonText("{'a': 1}").syntaxProblem?.reason).toBe(
      'expected a key in double quotes, found single quotes (JSON needs double quotes)',
    );
    expect(scanJsonText('{"a": 1 // note\n}').syntaxProblem?.reason).toBe('expected "," or "}" (a comma missing?)');
    expect(scanJsonText('// note\n{}').syntaxProblem?.reason).toBe('expected a value, found a comment (JSON has none)');
    expect(scanJsonText('{"a": [1, 2').syntaxProblem?.reason).toBe('the file ends before "]"');
  });

  it('reports keys written twice with both positions', () => {
    const text = '{\n  "pagination": {"maxPageSize": 5},\n  "pagination": {},\n  "list": [{"a/b": 1, "a/b": 2}]\n}';
    expect(scanJsonText(text)).toEqual({
      duplicateKeys: [
        { pointer: '/pagination', first: { line: 2, column: 3 }, again: { line: 3, column: 3 } },
        { pointer: '/list/0/a~1b', first: { line: 4, column: 13 }, again: { line: 4, column: 23 } },
      ],
    });
  });

  it('copes with nesting deeper than the call stack', () => {
    const depth = 200_000;
    expect(scanJsonText('['.repeat(depth) + ']'.repeat(depth))).toEqual({ duplicateKeys: [] });
    expect(scanJsonText(`${'['.repeat(depth)}1`).syntaxProblem?.reason).toBe('the file ends before "]"');
  });
});
