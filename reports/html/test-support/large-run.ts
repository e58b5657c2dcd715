// Test support: a run the size of a big API's certification, with long bodies on every failure.
import type { RunResult } from '../../../harness/model/run-result.js';
import { suiteNames } from '../../../harness/model/run-result.js';
import { buildBody, buildCheck, buildExchange, buildRun } from '../../../harness/model/test-support/sample-run.js';

export interface LargeRunShape {
  readonly checks: number;
  /** Every n-th check fails. */
  readonly failEvery: number;
  /** Characters of each recorded response body. */
  readonly bodyChars: number;
  readonly exchangesPerFailure: number;
}

/** A run of `shape.checks` checks over four suites and eight classes. */
export function buildLargeRun(shape: LargeRunShape): RunResult {
  // One shared string: the run is large on the page, not in this process's memory.
  const body = buildBody(
    `{"items":[${'{"id":"x","name":"y"},'.repeat(Math.ceil(shape.bodyChars / 21))}]}`.slice(0, shape.bodyChars),
  );
  const checks = Array.from({ length: shape.checks }, (_unused, index) => {
    const suite = suiteNames[index % suiteNames.length]!;
    const isFailure = index % shape.failEvery === 0;
    return buildCheck({
      id: `${suite}.generated-check-${index}`,
      suite,
      class: `${suite}-class-${index % 2}`,
      title: `Generated check number ${index}`,
      ...(isFailure
        ? {
            status: 'failed' as const,
            message: `check ${index} saw the wrong thing`,
            expected: 'the right thing',
            actual: 'the wrong thing',
            evidence: Array.from({ length: shape.exchangesPerFailure }, () =>
              buildExchange({ response: { status: 200, headers: { 'content-type': 'application/json' }, body } }),
            ),
          }
        : {}),
    });
  });
  return buildRun(checks);
}
