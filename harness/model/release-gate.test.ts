import { describe, expect, it } from 'vitest';
import { compareRuns } from './compare-runs.js';
import { findRequiredNewFailures, isReleaseGatePassed } from './release-gate.js';
import { buildCheck, buildRun } from './test-support/sample-run.js';

const passing = buildCheck({ id: 'pagination.a', status: 'passed' });
const oldFailure = buildCheck({ id: 'pagination.b', status: 'failed' });
const newFailure = buildCheck({ id: 'pagination.c', status: 'failed' });

describe('isReleaseGatePassed', () => {
  it('follows the run verdict with --fail-on any, or without a baseline', () => {
    expect(isReleaseGatePassed(buildRun([passing]), undefined, 'any')).toBe(true);
    expect(isReleaseGatePassed(buildRun([passing, oldFailure]), undefined, 'any')).toBe(false);
    expect(isReleaseGatePassed(buildRun([passing, oldFailure]), undefined, 'new')).toBe(false);
  });

  it('with --fail-on new, lets failures the baseline had through and stops a new one', () => {
    const baseline = buildRun([passing, oldFailure, buildCheck({ id: 'pagination.c', status: 'passed' })]);
    const stillFailing = buildRun([passing, oldFailure, buildCheck({ id: 'pagination.c', status: 'passed' })]);
    expect(isReleaseGatePassed(stillFailing, compareRuns(stillFailing, baseline), 'new')).toBe(true);
    expect(isReleaseGatePassed(stillFailing, compareRuns(stillFailing, baseline), 'any')).toBe(false);
    const worse = buildRun([passing, oldFailure, newFailure]);
    const comparison = compareRuns(worse, baseline);
    expect(findRequiredNewFailures(comparison).map((check) => check.id)).toEqual(['pagination.c']);
    expect(isReleaseGatePassed(worse, comparison, 'new')).toBe(false);
  });
});
