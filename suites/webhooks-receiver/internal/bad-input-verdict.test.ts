import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { findBadInputProblem } from './bad-input-verdict.js';

const record = {} as ExchangeRecord;
const answered = (status: number) => ({ answered: true as const, status, durationMs: 3, record });

describe('findBadInputProblem', () => {
  it('accepts every 4xx', () => {
    for (const status of [400, 413, 415, 422, 499]) expect(findBadInputProblem(answered(status))).toBeUndefined();
  });

  it('names a 2xx, a 3xx, a 5xx and no answer', () => {
    expect(findBadInputProblem(answered(200))).toBe('answered 200, accepting it');
    expect(findBadInputProblem(answered(302))).toBe('answered 302');
    expect(findBadInputProblem(answered(500))).toBe('answered 500, a server error');
    expect(findBadInputProblem({ answered: false, code: 'APICERT_HTTP_TIMEOUT', reason: 'APICERT_HTTP_TIMEOUT: no headers within 10000 ms', record: undefined })).toBe(
      'gave no answer (APICERT_HTTP_TIMEOUT: no headers within 10000 ms)',
    );
  });
});
