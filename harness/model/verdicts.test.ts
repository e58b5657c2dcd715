import { describe, expect, it } from 'vitest';
import type { CheckResult, CheckStatus } from './run-result.js';
import { buildCheck } from './test-support/sample-run.js';
import { judgeClasses, judgeRun, summarizeChecks } from './verdicts.js';

function check(id: string, klass: string, status: CheckStatus): CheckResult {
  return buildCheck({ id, suite: 'resources', class: klass, title: id, status });
}

describe('verdicts', () => {
  it('counts statuses', () => {
    expect(summarizeChecks([check('a', 'x', 'passed'), check('b', 'x', 'errored')])).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
      errored: 1,
    });
  });

  it('fails a class on an errored check and the run with it', () => {
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'x', 'errored'), check('c', 'y', 'passed')], undefined);
    expect(classes.map((c) => [c.id, c.verdict, c.required])).toEqual([
      ['x', 'failed', true],
      ['y', 'passed', true],
    ]);
    expect(judgeRun(classes)).toBe('failed');
  });

  it('does not require a skipped class by default, so the run can pass', () => {
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'y', 'skipped')], undefined);
    expect(classes.find((c) => c.id === 'y')).toMatchObject({ verdict: 'skipped', required: false });
    expect(judgeRun(classes)).toBe('passed');
  });

  it('never counts a skipped required class as passed', () => {
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'y', 'skipped')], ['x', 'y']);
    expect(judgeRun(classes)).toBe('failed');
  });

  it('lists a required class no check belongs to as skipped', () => {
    const classes = judgeClasses([check('a', 'x', 'passed')], ['x', 'webhooks-sender']);
    expect(classes.find((c) => c.id === 'webhooks-sender')).toMatchObject({ verdict: 'skipped', required: true });
    expect(judgeRun(classes)).toBe('failed');
  });

  it('fails a run where nothing was certified', () => {
    expect(judgeRun(judgeClasses([check('a', 'x', 'skipped')], undefined))).toBe('failed');
  });
});
