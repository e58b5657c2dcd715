import { describe, expect, it } from 'vitest';
import type { CheckResult, CheckStatus, Finding } from './run-result.js';
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
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'x', 'errored'), check('c', 'y', 'passed')], {
      required: undefined,
    });
    expect(classes.map((c) => [c.id, c.verdict, c.required])).toEqual([
      ['x', 'failed', true],
      ['y', 'passed', true],
    ]);
    expect(judgeRun(classes)).toBe('failed');
  });

  it('does not require a skipped class by default, so the run can pass', () => {
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'y', 'skipped')], { required: undefined });
    expect(classes.find((c) => c.id === 'y')).toMatchObject({ verdict: 'skipped', required: false });
    expect(judgeRun(classes)).toBe('passed');
  });

  it('never counts a skipped required class as passed', () => {
    const classes = judgeClasses([check('a', 'x', 'passed'), check('b', 'y', 'skipped')], { required: ['x', 'y'] });
    expect(judgeRun(classes)).toBe('failed');
  });

  it('lists a required class no check belongs to as skipped', () => {
    const classes = judgeClasses([check('a', 'x', 'passed')], { required: ['x', 'webhooks-sender'] });
    expect(classes.find((c) => c.id === 'webhooks-sender')).toMatchObject({ verdict: 'skipped', required: true });
    expect(judgeRun(classes)).toBe('failed');
  });

  it("requires the document's contract class only when asked, on top of the default or alone", () => {
    const checks = [check('a', 'x', 'passed'), check('b', 'openapi-contract', 'failed')];
    const byDefault = judgeClasses(checks, { required: undefined });
    expect(byDefault.map((c) => [c.id, c.verdict, c.required])).toEqual([
      ['x', 'passed', true],
      ['openapi-contract', 'failed', false],
    ]);
    expect(judgeRun(byDefault)).toBe('passed');
    const added = judgeClasses(checks, { required: undefined, also: ['openapi-contract'] });
    expect(added.map((c) => [c.id, c.required])).toEqual([
      ['x', true],
      ['openapi-contract', true],
    ]);
    expect(judgeRun(added)).toBe('failed');
    expect(judgeClasses(checks, { required: ['openapi-contract'] }).map((c) => c.required)).toEqual([false, true]);
  });

  it('fails a run where nothing was certified', () => {
    expect(judgeRun(judgeClasses([check('a', 'x', 'skipped')], { required: undefined }))).toBe('failed');
  });

  describe('the advisory class', () => {
    const advice: Finding[] = [{ level: 'advisory', message: 'retries do not back off' }];
    const advised = buildCheck({
      id: 'w.backoff',
      suite: 'webhooks-sender',
      class: 'webhooks-sender',
      level: 'advisory',
      findings: advice,
    });
    const quietAdvisory = buildCheck({
      id: 'w.limit',
      suite: 'webhooks-receiver',
      class: 'webhooks-receiver',
      level: 'advisory',
    });
    const normative = buildCheck({ id: 'w.shape', suite: 'webhooks-sender', class: 'webhooks-sender' });

    it('gathers advice without failing the class of the check, and is not required by default', () => {
      const classes = judgeClasses([advised, quietAdvisory, normative], { required: undefined });
      expect(classes.map((c) => [c.id, c.verdict, c.required])).toEqual([
        ['webhooks-sender', 'passed', true],
        ['webhooks-receiver', 'passed', true],
        ['advisory', 'failed', false],
      ]);
      expect(classes.find((c) => c.id === 'advisory')?.checks).toEqual({
        passed: 1,
        failed: 1,
        skipped: 0,
        errored: 0,
      });
      expect(judgeRun(classes)).toBe('passed');
    });

    it('fails the run under --strict or when --require names it', () => {
      expect(judgeRun(judgeClasses([advised, normative], { required: undefined, strict: true }))).toBe('failed');
      expect(judgeRun(judgeClasses([advised, normative], { required: ['webhooks-sender', 'advisory'] }))).toBe(
        'failed',
      );
      expect(judgeRun(judgeClasses([advised, normative], { required: ['webhooks-sender'] }))).toBe('passed');
    });

    it('passes under --strict when advisory checks ran and gave no advice', () => {
      const classes = judgeClasses([quietAdvisory, normative], { required: undefined, strict: true });
      expect(classes.find((c) => c.id === 'advisory')).toMatchObject({ verdict: 'passed', required: true });
      expect(judgeRun(classes)).toBe('passed');
    });

    it('counts advice from a normative check, but not a warning about the run itself', () => {
      const echoed = buildCheck({
        id: 'w.sig',
        class: 'webhooks-sender',
        findings: [{ level: 'advisory', message: 'the secret was echoed' }],
      });
      const leftover = buildCheck({
        id: 'w.rec',
        class: 'webhooks-sender',
        findings: [{ level: 'warning', message: 'a record may remain' }],
      });
      const classes = judgeClasses([echoed, leftover], { required: undefined });
      expect(classes.find((c) => c.id === 'advisory')?.checks).toEqual({
        passed: 0,
        failed: 1,
        skipped: 0,
        errored: 0,
      });
      expect(judgeClasses([leftover], { required: undefined }).map((c) => c.id)).toEqual(['webhooks-sender']);
    });

    it('is skipped, and not required even under --strict, when no check could advise', () => {
      const classes = judgeClasses([normative], { required: undefined, strict: true });
      expect(classes.map((c) => c.id)).toEqual(['webhooks-sender']);
      expect(judgeRun(classes)).toBe('passed');
    });
  });
});
