import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../harness/model/compare-runs.js';
import {
  buildBody,
  buildCheck,
  buildExchange,
  buildRun,
  sampleFullRun,
  sampleHostileRun,
  samplePassedRun,
} from '../../harness/model/test-support/sample-run.js';
import { toHashSource } from './content-security-policy.js';
import { renderHtmlReport } from './render-html.js';
import { buildLargeRun } from './test-support/large-run.js';

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

function metaCsp(html: string): string {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  if (content === undefined) throw new Error('no CSP meta');
  return content.replace(/&#39;/g, "'");
}

describe('renderHtmlReport', () => {
  it('is one page whose CSP meta comes first and allows exactly its inline script and style by hash', () => {
    const html = renderHtmlReport(samplePassedRun());
    expect(
      html.startsWith(
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"',
      ),
    ).toBe(true);
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const policy = metaCsp(html);
    expect(policy).toContain(`script-src ${toHashSource(scripts[0] ?? '')};`);
    expect(policy).toContain(`style-src ${toHashSource(style)};`);
    expect(policy).not.toContain('unsafe-inline');
    // Nothing is loaded: no external resource of any kind.
    expect(html).not.toMatch(
      /<(link|img|iframe|object|embed)\b|\ssrc=|https?:\/\/(?!127\.0\.0\.1|www\.w3\.org\/2000\/svg)/,
    );
  });

  it('writes every hostile string as inert text, never as markup or raw invisible characters', () => {
    const html = renderHtmlReport(sampleHostileRun());
    expect(inlineScripts(html)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/[\u0000\u0007\u001b\u2028\u2029\u202e]/);
    // No lone surrogate: the page survives UTF-8 encoding unchanged.
    expect(Buffer.from(html, 'utf8').toString('utf8')).toBe(html);
  });

  it('shows a failure with message, expected, actual, counterexample, replay command, findings and evidence', () => {
    const run = sampleFullRun();
    const html = renderHtmlReport(run);
    expect(html).toContain('data-status="failed"');
    for (const text of [
      'the redelivery carried id ev2, the first delivery ev1',
      'the same id on every delivery of one event',
      'ev1 then ev2',
      '"big": "12345678901234567890n"',
      run.replayCommand,
      'the retry came after 9 s',
      'delivery 2 of event ev1',
      'target → apicert (webhook delivery)',
      '<pre class="curl copyable">curl -sS -X POST',
      'APICERT_HTTP_TIMEOUT',
      'replay path 0:1:1',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('links a root cause and the checks it blocked both ways', () => {
    const html = renderHtmlReport(
      buildRun([
        buildCheck({ id: 'resources.list-answers-with-page', status: 'failed', message: 'not a page' }),
        buildCheck({
          id: 'resources.delete-removes-record',
          status: 'errored',
          error: { code: 'APICERT_CHECK_BLOCKED', message: 'no page' },
          blockedBy: 'resources.list-answers-with-page',
        }),
      ]),
    );
    expect(html).toMatch(
      /Blocks 1 check, errored until this passes: <a href="#[^"]+"><code>resources\.delete-removes-record<\/code><\/a>/,
    );
    expect(html).toMatch(/blocked by <a href="#[^"]+"><code>resources\.list-answers-with-page<\/code><\/a>/);
  });

  it('tags a check with warnings and advice in its always-visible summary line', () => {
    const findings = [
      { level: 'warning', message: 'slow' },
      { level: 'info', message: 'fyi' },
      { level: 'advisory', message: 'back off' },
    ] as const;
    const html = renderHtmlReport(buildRun([buildCheck({ findings })]));
    expect(/<summary>.*?<\/summary>/.exec(html)?.[0]).toContain(
      '<span class="tag tag-warning">1 warning</span> <span class="tag tag-advisory">1 advice</span>',
    );
    expect(html).toContain('<li class="finding finding-advisory"><strong>advice</strong> back off</li>');
  });

  it('gathers advice above the checks, with a link to each check and why it does or does not fail the run', () => {
    const advised = buildCheck({
      id: 'webhooks-sender.retry-backoff',
      findings: [{ level: 'advisory', message: 'retries do not back off: <b>tight</b>' }],
    });
    const html = renderHtmlReport(buildRun([advised]));
    const section = /<section id="advice".*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('Advice (1)');
    expect(section).toContain('which this run does not require');
    expect(section).toMatch(
      /<li><a href="#[^"]+"><code>webhooks-sender\.retry-backoff<\/code><\/a>: retries do not back off: &lt;b&gt;tight&lt;\/b&gt;<\/li>/,
    );
    expect(renderHtmlReport(buildRun([buildCheck()]))).not.toContain('id="advice"');
  });

  it('names a shared cause once, above the checks, with what it affects and links to every check it fails', () => {
    const cause = (subjects: string[]) => ({ key: 'list-not-a-page' as const, subjects });
    const html = renderHtmlReport(
      buildRun([
        buildCheck({
          id: 'resources.list-answers-with-page',
          status: 'failed',
          cause: cause(['/customers', '/<script>x</script>']),
        }),
        buildCheck({ id: 'pagination.stable-order', status: 'failed', cause: cause(['/customers']) }),
      ]),
    );
    const section = /<section id="root-causes".*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section.match(/<li class="root-cause"/g)).toHaveLength(1);
    expect(section).toContain(
      '<strong>Lists do not answer with a page {items, next_cursor, has_more} (convention 2, 4.1)</strong>',
    );
    expect(section).toContain('Affects <code>/customers</code>, <code>/&lt;script&gt;x&lt;/script&gt;</code>.');
    expect(section).toMatch(
      /2 checks fail or stop on it: <a href="#[^"]+"><code>resources\.list-answers-with-page<\/code><\/a>, <a href="#[^"]+"><code>pagination\.stable-order<\/code><\/a>/,
    );
    expect(renderHtmlReport(buildRun([buildCheck({ status: 'failed', cause: cause(['/a']) })]))).not.toContain(
      'id="root-causes"',
    );
  });

  it('expands the first failures and leaves passed checks and later failures collapsed', () => {
    const checks = [
      buildCheck({ id: 'ok' }),
      ...[1, 2, 3].map((n) => buildCheck({ id: `bad-${n}`, status: 'failed', message: 'no' })),
    ];
    const html = renderHtmlReport(buildRun(checks), { limits: { expandedFailures: 2 } });
    const openIds = [...html.matchAll(/<details class="check" id="check-([^"]+)"[^>]*?( open)?>/g)]
      .filter((m) => m[2] !== undefined)
      .map((m) => m[1]);
    expect(openIds).toEqual(['bad-1', 'bad-2']);
  });

  it('cuts long bodies and long evidence lists, saying how much is left out', () => {
    const body = buildBody('y'.repeat(50_000), { bytes: 2_000_000, truncated: true });
    const evidence = Array.from({ length: 12 }, () => buildExchange({ response: { status: 500, headers: {}, body } }));
    const html = renderHtmlReport(buildRun([buildCheck({ status: 'failed', message: 'big', evidence })]));
    expect(html).toContain(
      'Response body: 2,000,000 bytes · recorded the first 50,000 characters · showing the first 4,000',
    );
    expect(html).toContain('(+46,000 characters; report.json has them all)');
    expect(html).toContain('(+4 more exchanges in report.json)');
    expect(html.length).toBeLessThan(8 * 4_000 + 40_000);
  });

  it('stops showing transcripts, but not curl lines, once the page evidence budget is spent', () => {
    const body = buildBody('z'.repeat(3_000));
    const checks = [1, 2, 3].map((n) =>
      buildCheck({
        id: `c${n}`,
        status: 'failed',
        message: 'm',
        evidence: [buildExchange({ response: { status: 200, headers: {}, body } })],
      }),
    );
    const html = renderHtmlReport(buildRun(checks), { limits: { evidenceBudgetChars: 5_000 } });
    expect(html.match(/z{3000}/g)).toHaveLength(1);
    expect(html).toContain('(+1,000 characters; report.json has them all)');
    expect(html).toContain(
      "Request and response not shown: this page's evidence budget is spent; report.json has them.",
    );
    // Curl lines are never left out.
    expect(html.match(/<pre class="curl copyable">/g)).toHaveLength(3);
  });

  it('renders 5,000 checks with 1,000 failures carrying 20 kB bodies quickly and to a bounded size', () => {
    // 20 kB: budgets.evidenceBodyBytes raised five-fold; report.json (hashed for the certificate) is 60 MB.
    const run = buildLargeRun({ checks: 5_000, failEvery: 5, bodyChars: 20_000, exchangesPerFailure: 3 });
    const started = performance.now();
    const html = renderHtmlReport(run);
    // Generous for a loaded 2-core CI machine; a quadratic step would take minutes.
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(html.length).toBeLessThan(10_000_000);
    expect(html.match(/<details class="check"/g)).toHaveLength(5_000);
  });

  it('adds the comparison section and tags the checks when given a comparison, and nothing without one', () => {
    const baseline = samplePassedRun();
    const run = buildRun([
      buildCheck({ status: 'failed', message: 'broke' }),
      buildCheck({ id: 'resources.member-by-id', suite: 'resources', class: 'resources-core' }),
    ]);
    const plain = renderHtmlReport(run);
    expect(plain).not.toContain('id="comparison"');
    expect(plain).not.toContain('data-comparison="');
    const compared = renderHtmlReport(run, { comparison: compareRuns(run, baseline) });
    expect(compared).toContain('<section id="comparison"');
    expect(compared).toContain('data-comparison="new-failure"');
    expect(compared).toContain('<a href="#check-pagination.cursor-walk"><code>pagination.cursor-walk</code></a>');
  });

  it('gives the same page for the same run', () => {
    expect(renderHtmlReport(sampleFullRun())).toBe(renderHtmlReport(sampleFullRun()));
  });
});
