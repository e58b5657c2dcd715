import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness/model/run-result.js';
import {
  buildCheck,
  buildExchange,
  buildRun,
  samplePassedRun,
  sampleHostileRun,
} from '../../harness/model/test-support/sample-run.js';
import { annotationsPerLevel, renderGithubAnnotations } from './render-annotations.js';

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

describe('renderGithubAnnotations', () => {
  it('says nothing for a clean run', () => {
    expect(renderGithubAnnotations(samplePassedRun())).toBe('');
  });

  it('gives one error per failed or errored check: failures of required classes first, with expected, actual and a curl line', () => {
    const run = buildRun([
      buildCheck({
        id: 'advisory.one',
        class: 'advisory',
        level: 'advisory',
        status: 'failed',
        message: 'advice failed',
      }),
      buildCheck({ id: 'pagination.errored', status: 'errored', message: 'APICERT_X: stopped' }),
      buildCheck({
        id: 'pagination.failed',
        status: 'failed',
        rule: '4.2/3',
        message: 'a row twice',
        expected: 'once',
        actual: 'twice',
        evidence: [buildExchange()],
      }),
    ]);
    const out = lines(renderGithubAnnotations(run));
    expect(out.map((line) => /title=apicert (\w+)%3A ([\w.-]+)/.exec(line)?.slice(1).join(' '))).toEqual([
      'failed pagination.failed',
      'errored pagination.errored',
      'failed advisory.one',
    ]);
    expect(out[0]).toBe(
      "::error title=apicert failed%3A pagination.failed (convention 4.2/3)::a row twice%0Aexpected: once%0Aactual: twice%0Acurl -sS -X GET -H 'Authorization: Bearer $APICERT_TOKEN' 'http://127.0.0.1:4010/customers?limit=2'",
    );
  });

  it(`stays within GitHub's ${annotationsPerLevel} annotations of each level per step, the last counting the rest`, () => {
    const failing: CheckResult[] = Array.from({ length: 25 }, (_, i) =>
      buildCheck({
        id: `pagination.f${i}`,
        status: 'failed',
        findings: [{ level: 'advisory', message: `advice ${i}` }],
      }),
    );
    const out = lines(renderGithubAnnotations(buildRun(failing)));
    const errors = out.filter((line) => line.startsWith('::error '));
    const warnings = out.filter((line) => line.startsWith('::warning '));
    expect(errors).toHaveLength(annotationsPerLevel);
    expect(warnings).toHaveLength(annotationsPerLevel);
    expect(errors.at(-1)).toMatch(
      /^::error title=apicert%3A 16 more failed or errored checks::16 more failed or errored checks than GitHub shows per step: see the job summary and report.json$/,
    );
    expect(warnings.at(-1)).toMatch(/16 more warnings and advice/);
  });

  it('keeps hostile target text inert: one line per annotation, no escape sequences, bounded', () => {
    const out = renderGithubAnnotations(sampleHostileRun());
    expect(out).not.toMatch(/\u001b|\u0007|\u009b|\u2028|\r/);
    for (const line of lines(out)) {
      expect(line).toMatch(/^::(error|warning) title=/);
      expect(line.length).toBeLessThan(6_000);
    }
    expect(out).toContain('<script>alert');
  });
});
