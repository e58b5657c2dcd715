import { describe, expect, it } from 'vitest';
import { buildCheck, buildRun } from '../../harness/model/test-support/sample-run.js';
import { compareRuns } from '../../harness/model/compare-runs.js';
import { renderComparisonConsole } from './render-comparison-console.js';

const baseline = buildRun(
  [buildCheck({ id: 'a' }), buildCheck({ id: 'b', status: 'failed' }), buildCheck({ id: 'c', status: 'failed' })],
  {
    target: { baseUrl: 'http://staging\u001b[31m' },
  },
);
const run = buildRun([
  buildCheck({ id: 'a', status: 'failed' }),
  buildCheck({ id: 'b' }),
  buildCheck({ id: 'c', status: 'skipped' }),
]);

describe('renderComparisonConsole', () => {
  it('prints the counts, each change, and what gates under --fail-on new', () => {
    const text = renderComparisonConsole(compareRuns(run, baseline), { color: false, failOn: 'new' });
    expect(text.split('\n')).toEqual([
      '',
      'Compared with the baseline run of 2025-01-02T03:04:05.678Z (apicert 0.1.0, seed 42, http://staging)',
      '  1 new failure, 1 fixed, 0 still failing, 1 not rechecked, 0 unchanged',
      '  NEW           a  failed, was passed',
      '  FIXED         b  passed, was failed',
      '  NOT RECHECKED c  skipped, was failed',
      '--fail-on new: 1 new failure in a required class decides the exit code',
      '',
    ]);
  });

  it('says when no new failure gates, and that --fail-on any gates on every failure', () => {
    const same = compareRuns(baseline, baseline);
    expect(renderComparisonConsole(same, { color: false, failOn: 'new' })).toContain(
      '--fail-on new: no new failure in a required class',
    );
    expect(renderComparisonConsole(same, { color: false, failOn: 'any' })).toContain(
      '--fail-on any: every failure in a required class decides the exit code',
    );
  });

  it('lists at most maxListed checks per category and says how many more', () => {
    const many = buildRun(Array.from({ length: 5 }, (_u, i) => buildCheck({ id: `n${i}`, status: 'failed' })));
    const text = renderComparisonConsole(compareRuns(many, buildRun([])), {
      color: false,
      failOn: 'any',
      maxListed: 2,
    });
    expect(text.match(/^ {2}NEW/gm)).toHaveLength(2);
    expect(text).toContain('(+3 more new in index.html)');
  });
});
