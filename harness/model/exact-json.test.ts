import { describe, expect, it } from 'vitest';
import { parseExactJson, stringifyExactJson, withIntegersAsNumbers } from './exact-json.js';

// Two ids a 64-bit service hands out one after the other: as doubles they are the same number.
const first = '1152921504606846977';
const second = '1152921504606846978';

describe('parseExactJson', () => {
  it('keeps integers beyond 2^53 as their digits, so neighbouring ids stay apart', () => {
    expect(Number(first)).toBe(Number(second));
    const { json, exactIntegers } = parseExactJson(`{"items":[{"id":${first}},{"id":${second}}],"n":-${first}}`);
    expect(json).toEqual({ items: [{ id: first }, { id: second }], n: `-${first}` });
    expect(exactIntegers).toEqual([first, second, `-${first}`]);
  });

  it('reads every other number as JSON.parse does, the safe limit included', () => {
    const text =
      '{"a":9007199254740991,"b":1.5,"c":-0,"d":1e400,"e":12345678901234567.5,"f":1e21,"g":"12345678901234567890"}';
    const { json, exactIntegers } = parseExactJson(text);
    expect(json).toEqual(JSON.parse(text));
    expect(Object.is((json as { c: number }).c, -0)).toBe(true);
    expect(exactIntegers).toEqual([]);
  });

  it('reads what JSON.parse reads as it does: a key written twice (the last wins), nesting deeper than any stack', () => {
    expect(parseExactJson(`{"id":${first},"id":2}`).json).toEqual({ id: 2 });
    const deep = `${'['.repeat(50_000)}${first}${']'.repeat(50_000)}`;
    let inner = parseExactJson(deep).json;
    for (let depth = 0; depth < 50_000; depth++) inner = (inner as unknown[])[0];
    expect(inner).toBe(first);
  });

  it('leaves digits inside strings alone, escaped quotes and backslashes included', () => {
    const body = { next_cursor: `a\\"${first}\\`, note: first };
    const text = JSON.stringify(body).replace(/}$/, `,"id":${second}}`);
    expect(parseExactJson(text)).toEqual({ json: { ...body, id: second }, exactIntegers: [second] });
  });

  it('throws JSON.parse’s SyntaxError on text that is not JSON, with or without long numbers', () => {
    expect(() => parseExactJson('{"id":')).toThrow(SyntaxError);
    expect(() => parseExactJson(`{"id":${first}`)).toThrow(SyntaxError);
  });
});

describe('writing back', () => {
  it('writes a kept integer as the number it was read from, and other strings as strings', () => {
    const kept = new Set([first]);
    expect(stringifyExactJson({ customer_id: first, name: second, tags: [first], nul: '\u0000' }, kept)).toBe(
      `{"customer_id":${first},"name":"${second}","tags":[${first}],"nul":"\\u0000"}`,
    );
    expect(stringifyExactJson({ customer_id: first }, new Set())).toBe(`{"customer_id":"${first}"}`);
  });

  it('gives a schema the types JSON.parse would have: the kept integer as a number', () => {
    expect(withIntegersAsNumbers({ id: first, other: 'x' }, new Set([first]))).toEqual({
      id: Number(first),
      other: 'x',
    });
  });
});
