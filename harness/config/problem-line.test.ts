import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePointers, showNames, showValue, toPointer, toProblemLine } from './problem-line.js';

describe('problem lines', () => {
  it('show values as JSON, long strings cut to about 40 characters', () => {
    expect(showValue('clip')).toBe('"clip"');
    expect(showValue(-5)).toBe('-5');
    expect(showValue(null)).toBe('null');
    expect(showValue({ a: 1 })).toBe('an object');
    expect(showValue('y'.repeat(100))).toBe(`"${'y'.repeat(37)}…"`);
  });

  it('cut long lists of names', () => {
    expect(showNames(['a', 'b'])).toBe('"a", "b"');
    expect(showNames('abcdefghij'.split(''))).toBe('"a", "b", "c", "d", "e", "f", "g", "h", …');
  });

  it('escape pointer segments and show the root as "(root)"', () => {
    expect(toPointer(['collections', 0, 'a/b~c'])).toBe('/collections/0/a~1b~0c');
    expect(toProblemLine({ pointer: '', what: 'must be an object', fix: 'fix it' })).toBe(
      '(root): must be an object; fix it',
    );
  });

  it('stay on one line whatever text the file holds', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' })), fc.string({ unit: 'binary' }), (segments, what) => {
        const line = toProblemLine({ pointer: toPointer(segments), what, fix: 'fix it' });
        expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
    );
  });

  it('order pointers with list indexes as numbers', () => {
    const pointers = ['/collections/10/name', '/budgets/totalRunMs', '/collections/2/path', '/collections/2'];
    expect([...pointers].sort(comparePointers)).toEqual([
      '/budgets/totalRunMs',
      '/collections/2',
      '/collections/2/path',
      '/collections/10/name',
    ]);
  });
});
