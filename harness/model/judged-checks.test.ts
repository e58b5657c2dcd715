import { describe, expect, it } from 'vitest';
import type { CheckCoverage, CheckResult } from './run-result.js';
import { buildCheck } from './test-support/sample-run.js';
import { judgeClasses, judgeRun } from './verdicts.js';

const credentialLeftOut: CheckCoverage = {
  requests: 4,
  covered: [],
  leftOut: [
    { item: 'GET /customers: a credential remembered', why: 'target.auth.none: true: no credential to judge' },
    { item: 'GET /orders: a credential remembered', why: 'target.auth.none: true: no credential to judge' },
    { item: 'GET /products: a credential remembered', why: 'target.auth.none: true: no credential to judge' },
    { item: 'GET /customers: a remembered page size', why: 'the default page held 1 items' },
  ],
};

function member(id: string, overrides: Partial<CheckResult> & { status?: CheckResult['status'] } = {}): CheckResult {
  return buildCheck({ id, suite: 'resources', class: 'resources-auth', title: id, ...overrides });
}

describe('a class passes only on what its checks judged', () => {
  it('skips a class whose checks were skipped or passed without judging, naming what was left out and why', () => {
    const classes = judgeClasses(
      [
        member('resources.auth-required', {
          status: 'skipped',
          message: 'target.auth.none: true: no credential to judge',
        }),
        member('resources.stateless-requests', { coverage: credentialLeftOut }),
      ],
      { required: ['resources-auth'] },
    );
    expect(classes).toEqual([expect.objectContaining({ id: 'resources-auth', verdict: 'skipped', required: true })]);
    expect(classes[0]?.reason).toBe(
      'nothing in it was judged: resources.auth-required skipped: target.auth.none: true: no credential to judge; ' +
        'resources.stateless-requests passed without judging: it left out GET /customers: a credential remembered ' +
        '(target.auth.none: true: no credential to judge), GET /orders: a credential remembered (target.auth.none: true: ' +
        'no credential to judge), GET /products: a credential remembered (target.auth.none: true: no credential to judge), and 1 more',
    );
    // The existing contract for a skipped required class: the run is not certified.
    expect(judgeRun(classes)).toBe('failed');
    // Not named by --require, a class that judged nothing is not required by default, like one that never ran.
    expect(judgeClasses([member('a', { coverage: credentialLeftOut })], { required: undefined })[0]).toMatchObject({
      verdict: 'skipped',
      required: false,
    });
  });

  it('passes a class when one check judged something, whatever the others left out', () => {
    const judged = member('b', { coverage: { requests: 2, covered: ['GET /customers'], leftOut: [] } });
    const [result] = judgeClasses([member('a', { coverage: credentialLeftOut }), judged], { required: undefined });
    expect(result).toMatchObject({ verdict: 'passed', required: true });
    expect(result).not.toHaveProperty('reason');
  });

  it('takes a pass without coverage, or with nothing left out, at its word', () => {
    const quiet = member('a', { coverage: { requests: 3, covered: [], leftOut: [] } });
    expect(judgeClasses([quiet], { required: undefined })[0]?.verdict).toBe('passed');
    expect(judgeClasses([member('b')], { required: undefined })[0]?.verdict).toBe('passed');
  });

  it('still fails a class on a failure, whatever else went unjudged', () => {
    const failed = member('b', { status: 'failed', message: 'a session was needed' });
    expect(
      judgeClasses([member('a', { coverage: credentialLeftOut }), failed], { required: undefined })[0],
    ).toMatchObject({ verdict: 'failed', required: true });
  });

  it('names checks skipped for one reason together', () => {
    const skipped = (id: string): CheckResult =>
      member(id, { status: 'skipped', message: 'no API description was given' });
    expect(judgeClasses([skipped('a'), skipped('b')], { required: undefined })[0]?.reason).toBe(
      'nothing in it was judged: a, b skipped: no API description was given',
    );
  });

  it('says so when no check of a required class ran', () => {
    const classes = judgeClasses([], { required: ['webhooks-sender'] });
    expect(classes[0]).toMatchObject({ verdict: 'skipped', reason: 'no check of this class ran' });
  });
});
