import { describe, expect, it } from 'vitest';
import { invalidParamCases, judgeInvalidParamAnswer, policyFor } from './invalid-param-cases.js';
import type { ListPage } from './list-page.js';

const page: ListPage = { ok: true, ids: ['a', 'b'], hasMore: true, nextCursor: { present: true, value: 'c' } };
const notAPage: ListPage = { ok: false, reason: 'the body is not a JSON object', notAPage: true };

describe('invalidParamCases', () => {
  it('sends only the parameters of the styles a list supports', () => {
    const cursorOnly = invalidParamCases(['cursor'], 5);
    expect(cursorOnly.every((c) => !('page' in c.query) && !('offset' in c.query))).toBe(true);
    expect(cursorOnly.some((c) => c.query.after === 'garbage')).toBe(true);
    const pageOnly = invalidParamCases(['page'], 5);
    expect(pageOnly.every((c) => 'page' in c.query)).toBe(true);
    expect(pageOnly.some((c) => c.query.page === '0')).toBe(true);
  });

  it('covers limit=abc, -1, 0, 1.5 and a huge number on a cursor list', () => {
    const limits = invalidParamCases(['cursor'], 5).flatMap((c) =>
      c.query.limit !== 5 && c.query.limit !== undefined ? [String(c.query.limit)] : [],
    );
    expect(limits).toEqual(['abc', '-1', '0', '1.5', '99999999999999999999']);
  });
});

describe('judgeInvalidParamAnswer', () => {
  it('never accepts a 5xx', () => {
    for (const policy of ['reject', 'bounded-page', 'either'] as const) {
      expect(judgeInvalidParamAnswer(500, notAPage, { policy, key: 'pagination.invalidParams' }, undefined)).toContain(
        '500',
      );
    }
  });

  it.each([
    ['either', 400, page, true],
    ['either', 200, page, true],
    ['either', 200, notAPage, false],
    ['reject', 422, page, true],
    ['reject', 200, page, false],
    ['bounded-page', 200, page, true],
    ['bounded-page', 400, page, false],
  ] as const)('with policy %s judges %i as acceptable: %s', (policy, status, answer, isAcceptable) => {
    expect(
      judgeInvalidParamAnswer(status, answer, { policy, key: 'pagination.invalidParams' }, undefined) === undefined,
    ).toBe(isAcceptable);
  });

  it('refuses a page above a configured maximum', () => {
    expect(judgeInvalidParamAnswer(200, page, { policy: 'either', key: 'pagination.invalidParams' }, 1)).toContain(
      'above pagination.maxPageSize 1',
    );
  });

  it('names the config key that asked for the other answer', () => {
    expect(judgeInvalidParamAnswer(200, page, { policy: 'reject', key: 'pagination.overMaxPolicy' }, undefined)).toBe(
      'answered 200, but pagination.overMaxPolicy asks for a 4xx',
    );
  });

  it('judges a huge size by the over-max policy', () => {
    const config = { invalidParams: 'reject', overMaxPolicy: 'clamp' } as const;
    expect(policyFor('invalid', config)).toEqual({ policy: 'reject', key: 'pagination.invalidParams' });
    expect(policyFor('over-max', config)).toEqual({ policy: 'bounded-page', key: 'pagination.overMaxPolicy' });
    expect(policyFor('over-max', { ...config, overMaxPolicy: 'either' }).policy).toBe('either');
  });
});
