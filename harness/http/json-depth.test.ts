import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body.js';
import { maxJsonDepth, nestsDeeperThan } from './json-depth.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, and ignores brackets inside strings and after escapes', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false);
  });

  it('agrees with the real depth of any JSON value', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, limit) => {
        expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
      }),
    );
  });
});

describe('parseJsonBody', () => {
  it('does not parse a body nested past the bound, and says why in one line', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(parseJsonBody(deep, [])).toEqual({
      json: undefined,
      jsonError: `JSON nested more than ${maxJsonDepth} levels deep; the kit does not read it`,
    });
    const fine = '['.repeat(maxJsonDepth) + ']'.repeat(maxJsonDepth);
    expect(parseJsonBody(fine, []).jsonError).toBeUndefined();
  });
});
