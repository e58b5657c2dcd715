import { describe, expect, it } from 'vitest';
import { describeStatuses } from './status-tally.js';

describe('describeStatuses', () => {
  it('names one status with its share, or each status, most frequent first, then by code', () => {
    expect(describeStatuses([401, 401, 401])).toBe('401 (3 of 3)');
    expect(describeStatuses([200, 400, 400, 403, 200, 400])).toBe('400 (3), 200 (2), 403 (1) of 6');
    expect(describeStatuses([])).toBe('no answers');
  });
});
