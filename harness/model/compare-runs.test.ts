import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckStatus } from './run-result.js';
import { buildCheck, buildRun } from './test-support/sample-run.js';
import { categorize, compareRuns, type RunComparison } from './compare-runs.js';
import { findRequiredNewFailures } from './release-gate.js';

const statuses: readonly CheckStatus[] = ['passed', 'failed', 'skipped', 'errored'];

function idsOf(comparison: RunComparison): Record<string, string[]> {
  return {
    newFailures: comparison.newFailures.map((c) => c.id),
    fixed: comparison.fixed.map((c) => c.id),
    stillFailing: comparison.stillFailing.map((c) => c.id),
    notRechecked: comparison.notRechecked.map((c) => c.id),
    unchanged: comparison.unchanged.map((c) => c.id),
  };
}

describe('categorize', () => {
  it.each([
    ['failed', 'passed', 'new-failure'],
    ['errored', 'skipped', 'new-failure'],
    ['failed', undefined, 'new-failure'],
    ['failed', 'errored', 'still-failing'],
    ['passed', 'failed', 'fixed'],
    ['skipped', 'failed', 'not-rechecked'],
    [undefined, 'errored', 'not-rechecked'],
    ['passed', 'passed', 'unchanged'],
    ['passed', undefined, 'unchanged'],
    [undefined, 'passed', 'unchanged'],
    ['skipped', 'passed', 'unchanged'],
  ] as const)('puts a check that is %s now and was %s in %s', (now, before, category) => {
    expect(categorize(now, before)).toBe(category);
  });
});

describe('compareRuns', () => {
  const baseline = buildRun([
    buildCheck({ id: 'a', status: 'passed' }),
    buildCheck({ id: 'b', status: 'failed' }),
    buildCheck({ id: 'c', status: 'failed' }),
    buildCheck({ id: 'd', status: 'errored' }),
    buildCheck({ id: 'gone', status: 'failed' }),
    buildCheck({ id: 'gone-ok', status: 'passed' }),
  ]);
  const run = buildRun(
    [
      buildCheck({ id: 'a', status: 'failed' }),
      buildCheck({ id: 'b', status: 'passed' }),
      buildCheck({ id: 'c', status: 'errored' }),
      buildCheck({ id: 'd', status: 'skipped' }),
      buildCheck({ id: 'new', status: 'failed', class: 'resources-core', suite: 'resources' }),
    ],
    { startedAt: '2025-02-01T00:00:00.000Z' },
  );

  it('sorts every check of both runs into exactly one category', () => {
    expect(idsOf(compareRuns(run, baseline))).toEqual({
      newFailures: ['a', 'new'],
      fixed: ['b'],
      stillFailing: ['c'],
      notRechecked: ['d', 'gone'],
      unchanged: ['gone-ok'],
    });
  });

  it('records both statuses and which baseline it was', () => {
    const comparison = compareRuns(run, baseline);
    expect(comparison.baseline).toEqual({
      version: '0.1.0',
      baseUrl: 'http://127.0.0.1:4010',
      startedAt: baseline.startedAt,
      seed: 42,
    });
    expect(comparison.newFailures[0]).toEqual({
      id: 'a',
      suite: 'pagination',
      class: 'pagination-cursor',
      title: 'Following next_cursor visits every item exactly once',
      status: 'failed',
      baselineStatus: 'passed',
      required: true,
    });
    expect(comparison.notRechecked[1]).toMatchObject({ id: 'gone', baselineStatus: 'failed', required: false });
    expect(comparison.notRechecked[1]).not.toHaveProperty('status');
  });

  it('gates --fail-on new only on new failures in required classes', () => {
    const required = buildRun(
      [buildCheck({ id: 'x', status: 'failed' }), buildCheck({ id: 'y', class: 'other', status: 'failed' })],
      {},
    );
    const onlyOneRequired = {
      ...required,
      classes: required.classes.map((c) => ({ ...c, required: c.id === 'other' })),
    };
    const comparison = compareRuns(onlyOneRequired, buildRun([]));
    expect(comparison.newFailures.map((c) => c.id)).toEqual(['x', 'y']);
    expect(findRequiredNewFailures(comparison).map((c) => c.id)).toEqual(['y']);
  });

  it('places each check id of either run in exactly one category', () => {
    const checksArb = fc.uniqueArray(
      fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), status: fc.constantFrom(...statuses) }),
      {
        selector: (c) => c.id,
      },
    );
    fc.assert(
      fc.property(checksArb, checksArb, (now, before) => {
        const comparison = compareRuns(
          buildRun(now.map((c) => buildCheck(c))),
          buildRun(before.map((c) => buildCheck(c))),
        );
        const placed = Object.values(idsOf(comparison)).flat().sort();
        const expected = [...new Set([...now, ...before].map((c) => c.id))].sort();
        return JSON.stringify(placed) === JSON.stringify(expected);
      }),
    );
  });
});
