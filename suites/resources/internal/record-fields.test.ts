import { describe, expect, it } from 'vitest';
import { isJsonContentType } from './json-content-type.js';
import { describeChangedFields, findChangedFields } from './record-fields.js';

describe('record fields', () => {
  it('finds fields that differ or are missing, comparing deeply', () => {
    const expected = { a: 1, b: { c: [1, 2] }, d: 'x' };
    expect(findChangedFields(expected, { a: 1, b: { c: [1, 2] }, d: 'y', extra: true })).toEqual(['d']);
    expect(findChangedFields(expected, { a: '1', b: { c: [2, 1] } })).toEqual(['a', 'b', 'd']);
  });

  it('describes a difference in one line', () => {
    expect(describeChangedFields(['tier'], { tier: 'pro' }, {})).toBe('tier: expected "pro", got (absent)');
  });
});

describe('isJsonContentType', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'application/problem+json', 'Application/JSON'])(
    'accepts %s',
    (type) => {
      expect(isJsonContentType(type)).toBe(true);
    },
  );
  it.each(['text/plain', 'text/json', 'application/jsonp', undefined, ''])('refuses %s', (type) => {
    expect(isJsonContentType(type)).toBe(false);
  });
});
