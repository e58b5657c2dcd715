import { describe, expect, it } from 'vitest';
import {
  buildCheck,
  buildExchange,
  buildRun,
  sampleHostileRun,
  samplePassedRun,
} from '../../harness/model/test-support/sample-run.js';
import { toCodeSpan, toMarkdownText } from './markdown-text.js';
import { renderGithubStepSummary } from './render-step-summary.js';

describe('renderGithubStepSummary', () => {
  it('shows the verdict, the class table, the run and where the reports are', () => {
    const summary = renderGithubStepSummary(samplePassedRun(), { reportPaths: ['apicert-report/index.html'] });
    expect(summary).toMatch(/^## apicert: ✅ passed\n\nVerdict: passed: all 3 required classes passed\n/);
    expect(summary).toContain('| Class | Verdict | Passed | Failed | Skipped | Errored | Required |');
    expect(summary).toContain('| resources-core | passed | 2 | 0 | 0 | 0 | yes |');
    expect(summary).toContain('Reports: ` apicert-report/index.html `');
    expect(summary).toContain('Replay: ` npx apicert run --base-url http://127.0.0.1:4010 --seed 42 `');
    expect(summary).not.toContain('Failed and errored');
  });

  it('lists each failed or errored check in one line with its curl line', () => {
    const run = buildRun([
      buildCheck({ id: 'pagination.failed', status: 'failed', message: 'a row twice', evidence: [buildExchange()] }),
      buildCheck({ id: 'pagination.errored', status: 'errored', message: 'APICERT_X: stopped' }),
    ]);
    const summary = renderGithubStepSummary(run);
    expect(summary).toContain('### Failed and errored checks (2)');
    expect(summary).toContain(
      "- ❌ **pagination.failed** (failed, convention 4.2/3): a row twice ` curl -sS -X GET -H 'Authorization: Bearer $APICERT_TOKEN' 'http://127.0.0.1:4010/customers?limit=2' `",
    );
    expect(summary).toContain('- ⚠️ **pagination.errored** (errored, convention 4.2/3): APICERT\\_X: stopped');
  });

  it('stops below its byte cap, saying how many checks it left out', () => {
    const failing = Array.from({ length: 400 }, (_, i) =>
      buildCheck({ id: `pagination.f${i}`, status: 'failed', message: 'm'.repeat(900) }),
    );
    const summary = renderGithubStepSummary(buildRun(failing), { maxBytes: 64 * 1024 });
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(64 * 1024);
    expect(summary).toMatch(/- … \d+ more in report\.json \(the summary stops at 64 KiB\)/);
    expect(summary).toMatch(/Replay: /);
  });

  it('keeps hostile target text as text: no tag, link, image or table break', () => {
    const summary = renderGithubStepSummary(sampleHostileRun());
    expect(summary).not.toMatch(/\u001b|\u0007|\u2028/);
    // Inside a code span markdown shows text as it is; outside, nothing may be read as markup.
    const outsideCode = summary.replace(/(`+) [^\n]*? \1/g, '');
    expect(outsideCode).not.toMatch(/<script|<\/|(?<!\\)\[[^\]]*(?<!\\)\]\(/);
    for (const line of summary.split('\n').filter((l) => l.startsWith('- '))) expect(line.length).toBeLessThan(6_000);
  });
});

describe('markdown text', () => {
  it('escapes every markdown and HTML character of target text', () => {
    expect(toMarkdownText('[x](javascript:1) <b>*a*</b> | # & `c` @team', 100)).toBe(
      '\\[x\\]\\(javascript:1\\) &lt;b\\>\\*a\\*&lt;/b\\> \\| \\# &amp; \\`c\\` \\@team',
    );
  });

  it('fences a code span with more backticks than the text holds in a row', () => {
    expect(toCodeSpan('a ``b`` c', 100)).toBe('``` a ``b`` c ```');
    expect(toCodeSpan('x | y', 100)).toBe('` x | y `');
  });
});
