import { describe, expect, it } from 'vitest';
import { isRefusedStatus, isSuccessStatus } from './status-policy.js';

describe('status policy', () => {
  it('accepts any 2xx unless a code is pinned', () => {
    expect([200, 201, 204, 299].every((s) => isSuccessStatus(s, '2xx'))).toBe(true);
    expect([199, 300, 404].some((s) => isSuccessStatus(s, '2xx'))).toBe(false);
    expect(isSuccessStatus(201, '201')).toBe(true);
    expect(isSuccessStatus(200, '201')).toBe(false);
  });

  it('accepts 401 or 403 unless one is pinned', () => {
    expect(isRefusedStatus(401, 'either') && isRefusedStatus(403, 'either')).toBe(true);
    expect(isRefusedStatus(404, 'either')).toBe(false);
    expect(isRefusedStatus(403, '401')).toBe(false);
  });
});
