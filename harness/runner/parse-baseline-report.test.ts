import { describe, expect, it } from 'vitest';
import { BaselineInvalidError, ReportInvalidError } from '../errors.js';
import { renderJsonReport } from '../../reports/json/render-json.js';
import { sampleFullRun, sampleMixedRun } from '../model/test-support/sample-run.js';
import { parseBaselineReport } from './parse-baseline-report.js';

function problemOf(text: string): string {
  try {
    parseBaselineReport(text, 'old/report.json');
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(BaselineInvalidError);
    expect((thrown as BaselineInvalidError).code).toBe('APICERT_BASELINE_INVALID');
    return (thrown as Error).message;
  }
  throw new Error('expected the baseline to be refused');
}

function withReport(change: (report: Record<string, unknown>) => void): string {
  const report = JSON.parse(renderJsonReport(sampleMixedRun())) as Record<string, unknown>;
  change(report);
  return JSON.stringify(report);
}

describe('parseBaselineReport', () => {
  it('reads what a comparison needs from a report.json apicert wrote', () => {
    const run = sampleMixedRun();
    const baseline = parseBaselineReport(renderJsonReport(run), 'report.json');
    expect(baseline).toEqual({
      tool: { version: '0.1.0' },
      target: { baseUrl: 'http://127.0.0.1:4010' },
      startedAt: run.startedAt,
      seed: 42,
      checks: run.checks.map(({ id, suite, class: klass, title, status, seed }) => ({
        id,
        suite,
        class: klass,
        title,
        status,
        seed,
      })),
    });
  });

  it('reads the run options and the shard only for replay, whose bad values name the report and the fix', () => {
    const asReplay = { label: 'replay', error: ReportInvalidError, readsRunOptions: true };
    const run = sampleMixedRun();
    expect(parseBaselineReport(renderJsonReport(run), 'r.json', asReplay).options).toEqual(run.options);
    expect(parseBaselineReport(renderJsonReport(run), 'r.json').options).toBeUndefined();
    // A shard's report from before reports recorded their options still says which shard it is of.
    const older = withReport((report) => {
      delete report['options'];
      report['shard'] = { index: 2, count: 3, key: 'k', plan: [], requirement: { strict: false, also: [] } };
    });
    expect(parseBaselineReport(older, 'r.json', asReplay)).toMatchObject({ shard: { index: 2, count: 3 } });
    const bad = withReport((report) => {
      report['options'] = { requirement: { strict: false, also: [] }, pace: { concurrency: 0 } };
    });
    expect(() => parseBaselineReport(bad, 'r.json', asReplay)).toThrow(
      'replay r.json: /options/pace/concurrency must be an integer from 1 to 64; fix that value in the report, or run the checks again with apicert run',
    );
  });

  it('accepts fields a later apicert may add', () => {
    const text = withReport((report) => {
      report['futureField'] = { nested: true };
    });
    expect(parseBaselineReport(text, 'r.json').checks).toHaveLength(4);
    expect(parseBaselineReport(renderJsonReport(sampleFullRun()), 'r.json').checks[0]?.status).toBe('failed');
  });

  it('refuses text that is not JSON, in one line naming the file and the fix', () => {
    const message = problemOf('{"tool": ');
    expect(message).toMatch(
      /^--baseline old\/report\.json is not JSON \(.+\); pass the report\.json of an earlier apicert run$/,
    );
    expect(message).not.toContain('\n');
  });

  it.each([
    [
      'another tool',
      (r: Record<string, unknown>) => (r['tool'] = { name: 'other', version: '1' }),
      '/tool/name must be "apicert" (got "other")',
    ],
    ['no checks', (r: Record<string, unknown>) => delete r['checks'], '/checks must be an array (got undefined)'],
    [
      'a bad status',
      (r: Record<string, unknown>) => ((r['checks'] as Array<Record<string, unknown>>)[1]!['status'] = 'weird'),
      '/checks/1/status must be one of passed, failed, skipped, errored (got "weird")',
    ],
    [
      'a check without id',
      (r: Record<string, unknown>) => delete (r['checks'] as Array<Record<string, unknown>>)[0]!['id'],
      '/checks/0/id must be a string (got undefined)',
    ],
    ['a fractional seed', (r: Record<string, unknown>) => (r['seed'] = 1.5), '/seed must be an integer (got 1.5)'],
  ])('refuses a report with %s, naming the JSON pointer', (_name, change, problem) => {
    expect(problemOf(withReport(change))).toBe(
      `--baseline old/report.json: ${problem}; pass the report.json of an earlier apicert run`,
    );
  });

  it('refuses a JSON array and shows long or control-laden values JSON-quoted and short', () => {
    expect(problemOf('[]')).toContain('(document) must be an object (got [])');
    const message = problemOf(withReport((r) => (r['tool'] = { name: `x\u001b[31m${'y'.repeat(100)}`, version: '1' })));
    expect(message).toContain('(got "x\\u001b[31myyyyyyyyyyyyyyyyyyyyyyyyyyyy…)');
  });
});
