// A class whose checks judged nothing is skipped in every report, and every report says why.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../harness/model/run-result.js';
import { buildCheck, buildRun } from '../harness/model/test-support/sample-run.js';
import { judgeClasses, judgeRun } from '../harness/model/verdicts.js';
import { renderConsoleReport } from './console/render-console.js';
import { renderGithubStepSummary } from './github/render-step-summary.js';
import { renderHtmlReport } from './html/render-html.js';
import { renderJsonReport } from './json/render-json.js';
import { reportSchema } from './json/report-schema.js';
import { renderJunitReport } from './junit/render-junit.js';

const why = 'target.auth.none: true: no credential to judge';

/** resources-core judged; resources-auth's one check skipped, the other passed with everything left out. */
function runWithUnjudgedClass(required: readonly string[] | undefined): RunResult {
  const checks = [
    buildCheck({ id: 'resources.create-then-read', suite: 'resources', class: 'resources-core' }),
    buildCheck({
      id: 'resources.auth-required',
      suite: 'resources',
      class: 'resources-auth',
      status: 'skipped',
      message: why,
    }),
    buildCheck({
      id: 'resources.stateless-requests',
      suite: 'resources',
      class: 'resources-auth',
      coverage: { requests: 3, covered: [], leftOut: [{ item: 'GET /customers: a credential remembered', why }] },
    }),
  ];
  const classes = judgeClasses(checks, { required });
  return buildRun(checks, { classes, verdict: judgeRun(classes) });
}

const reason =
  'nothing in it was judged: resources.auth-required skipped: target.auth.none: true: no credential to judge; ' +
  'resources.stateless-requests passed without judging: it left out GET /customers: a credential remembered (target.auth.none: true: no credential to judge)';

describe('a class that judged nothing, in every report', () => {
  it('is skipped with its reason in report.json, valid against the schema', () => {
    const report = JSON.parse(renderJsonReport(runWithUnjudgedClass(undefined))) as {
      verdict: string;
      classes: { id: string; verdict: string; required: boolean; reason?: string }[];
    };
    expect(new Ajv({ strict: true, allErrors: true }).compile(reportSchema)(report)).toBe(true);
    expect(report.classes).toEqual([
      { id: 'resources-core', verdict: 'passed', required: true, checks: expect.any(Object) },
      { id: 'resources-auth', verdict: 'skipped', required: false, reason, checks: expect.any(Object) },
    ]);
    // Not required by default, as a class that never ran: the run stands on what it judged.
    expect(report.verdict).toBe('passed');
  });

  it('fails a run that requires it, as a required class that was skipped always has', () => {
    const run = runWithUnjudgedClass(['resources-core', 'resources-auth']);
    expect(run.verdict).toBe('failed');
    const junit = renderJunitReport(run);
    expect(junit).toContain(
      'required class resources-auth skipped: 1 passed, 0 failed, 1 skipped, 0 errored; nothing in it was judged',
    );
    expect(junit).toContain('required classes not passed: resources-auth (skipped)');
  });

  it('names the reason in the console, the HTML report, JUnit and the GitHub step summary', () => {
    const run = runWithUnjudgedClass(undefined);
    const console = renderConsoleReport(run, { color: false, maxLineLength: 1000 });
    expect(console).toMatch(
      /resources-auth\s+skipped\s+1 passed, 0 failed, 1 skipped, 0 errored\n\s+nothing in it was judged: /,
    );
    expect(console).toContain('resources.stateless-requests passed without judging');
    const html = renderHtmlReport(run);
    expect(html).toMatch(
      /data-verdict="skipped">.*<span class="class-reason">nothing in it was judged: resources\.auth-required skipped/,
    );
    expect(renderJunitReport(run)).toContain(
      'not required by this run (verdict skipped: 1 passed, 0 failed, 1 skipped, 0 errored; nothing in it was judged',
    );
    expect(renderGithubStepSummary(run)).toContain(
      '| resources-auth | skipped: nothing in it was judged: resources.auth-required skipped',
    );
  });
});
