import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes objects and arrays at every depth', () => {
    const value = { a: [{ b: { c: 1 } }] };
    deepFreeze(value);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a[0]!.b)).toBe(true);
  });

  it('handles nesting far deeper than the call stack would allow', () => {
    let value: { inner?: unknown } = {};
    const innermost = value;
    for (let depth = 0; depth < 100_000; depth += 1) value = { inner: value };
    deepFreeze(value);
    expect(Object.isFrozen(innermost)).toBe(true);
  });
});
