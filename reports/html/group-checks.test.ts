import { describe, expect, it } from 'vitest';
import type { CheckStatus, SuiteName } from '../../harness/model/run-result.js';
import { buildCheck } from '../../harness/model/test-support/sample-run.js';
import { groupChecks } from './group-checks.js';

function check(id: string, suite: SuiteName, klass: string, status: CheckStatus): ReturnType<typeof buildCheck> {
  return buildCheck({ id, suite, class: klass, status });
}

describe('groupChecks', () => {
  it('groups by suite and class, with failing suites, classes and checks first, else in run order', () => {
    const groups = groupChecks([
      check('r1', 'resources', 'resources-core', 'passed'),
      check('r2', 'resources', 'resources-auth', 'passed'),
      check('p1', 'pagination', 'pagination-offset', 'passed'),
      check('p2', 'pagination', 'pagination-cursor', 'skipped'),
      check('p3', 'pagination', 'pagination-cursor', 'passed'),
      check('p4', 'pagination', 'pagination-cursor', 'errored'),
      check('p5', 'pagination', 'pagination-cursor', 'failed'),
    ]);
    expect(
      groups.map((suite) => [
        suite.suite,
        suite.classes.map((group) => [group.classId, group.checks.map((c) => c.id)]),
      ]),
    ).toEqual([
      [
        'pagination',
        [
          ['pagination-cursor', ['p5', 'p4', 'p2', 'p3']],
          ['pagination-offset', ['p1']],
        ],
      ],
      [
        'resources',
        [
          ['resources-core', ['r1']],
          ['resources-auth', ['r2']],
        ],
      ],
    ]);
  });

  it('keeps every check exactly once', () => {
    const checks = ['passed', 'failed', 'skipped', 'errored', 'failed'].map((status, index) =>
      check(`c${index}`, index % 2 === 0 ? 'resources' : 'pagination', `k${index % 3}`, status as CheckStatus),
    );
    const ids = groupChecks(checks).flatMap((suite) => suite.classes.flatMap((group) => group.checks.map((c) => c.id)));
    expect([...ids].sort()).toEqual(checks.map((c) => c.id).sort());
  });
});
