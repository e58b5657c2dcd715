import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPageParamPolicy, parsePageParams, type PageParamsResult } from './parse-page-params.js';

const clean = cleanPageParamPolicy;

function request(result: PageParamsResult) {
  if (!result.ok) throw new Error(`expected a valid request, got: ${result.message}`);
  return result.request;
}

const badIntegers = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'abc',
    '1.5',
    '1.0',
    '-1',
    '+1',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '9007199254740992',
    '99999999999999999999',
    '１',
  ),
  fc.string().filter((text) => !/^[0-9]{1,15}$/.test(text)),
);

describe('parsePageParams', () => {
  it('gives the first page of 20 when no parameter is given', () => {
    expect(request(parsePageParams({}, clean))).toEqual({
      style: 'default',
      start: { kind: 'offset', offset: 0 },
      size: 20,
    });
  });

  it('takes any limit from 1 to 100 and offset >= 0 as given, and clamps larger limits to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.nat(), (limit, offset) => {
        const parsed = request(parsePageParams({ limit: String(limit), offset: String(offset) }, clean));
        expect(parsed).toEqual({ style: 'offset', start: { kind: 'offset', offset }, size: Math.min(limit, 100) });
      }),
    );
  });

  it('maps page p with per_page n to offset (p-1)*n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100 }), (page, perPage) => {
        const parsed = request(parsePageParams({ page: String(page), per_page: String(perPage) }, clean));
        expect(parsed).toEqual({
          style: 'page',
          start: { kind: 'offset', offset: (page - 1) * perPage },
          size: perPage,
        });
      }),
    );
    expect(request(parsePageParams({ page: '3', per_page: '20' }, clean)).start).toEqual({
      kind: 'offset',
      offset: 40,
    });
    expect(request(parsePageParams({ page: '2' }, clean))).toMatchObject({ start: { offset: 20 }, size: 20 });
    expect(request(parsePageParams({ per_page: '500' }, clean))).toMatchObject({ start: { offset: 0 }, size: 100 });
  });

  it('takes after with an optional limit as the cursor style', () => {
    expect(request(parsePageParams({ after: 'abc', limit: '5' }, clean))).toEqual({
      style: 'cursor',
      start: { kind: 'after', cursor: 'abc' },
      size: 5,
    });
    expect(parsePageParams({ after: '' }, clean).ok).toBe(false);
  });

  it('refuses every value that is not a plain safe integer in range', () => {
    fc.assert(
      fc.property(fc.constantFrom('limit', 'offset', 'page', 'per_page'), badIntegers, (name, value) => {
        expect(parsePageParams({ [name]: value }, clean).ok).toBe(false);
      }),
    );
    for (const query of [{ limit: '0' }, { per_page: '0' }, { page: '0' }, { offset: '-1' }]) {
      expect(parsePageParams(query, clean).ok, JSON.stringify(query)).toBe(false);
    }
  });

  it('refuses a parameter given twice', () => {
    expect(parsePageParams({ limit: ['1', '2'] }, clean).ok).toBe(false);
  });

  it('refuses every mix of styles', () => {
    const mixes = [
      { after: 'c', offset: '1' },
      { after: 'c', page: '1' },
      { after: 'c', per_page: '1' },
      { offset: '1', page: '1' },
      { offset: '1', per_page: '5' },
      { limit: '5', page: '2' },
      { limit: '5', per_page: '5' },
    ];
    for (const query of mixes) expect(parsePageParams(query, clean).ok, JSON.stringify(query)).toBe(false);
  });

  it('ignores parameters that are not about pagination', () => {
    expect(request(parsePageParams({ sort: 'name', limit: '3' }, clean)).size).toBe(3);
  });

  it('follows the defect knobs of the policy', () => {
    expect(request(parsePageParams({ page: '1', per_page: '10' }, { ...clean, firstPage: 0 })).start).toEqual({
      kind: 'offset',
      offset: 10,
    });
    expect(request(parsePageParams({ page: '0' }, { ...clean, firstPage: 0 })).start).toEqual({
      kind: 'offset',
      offset: 0,
    });
    expect(request(parsePageParams({ page: '3', per_page: '10' }, { ...clean, laterPageShift: 1 })).start).toEqual({
      kind: 'offset',
      offset: 21,
    });
    expect(request(parsePageParams({ limit: '5' }, { ...clean, ignoresLimit: true })).size).toBe(20);
    expect(request(parsePageParams({ per_page: '5' }, { ...clean, ignoresPerPage: true })).size).toBe(20);
    expect(parsePageParams({ limit: '101' }, { ...clean, overMax: 'reject' }).ok).toBe(false);
    expect(request(parsePageParams({}, { ...clean, defaultPageSize: Number.POSITIVE_INFINITY })).size).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
