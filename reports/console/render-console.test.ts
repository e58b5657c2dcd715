import { describe, expect, it } from 'vitest';
import {
  buildCheck,
  buildRun,
  sampleFailingRun,
  sampleFullRun,
  sampleHostileRun,
  sampleMixedRun,
  samplePassedRun,
} from '../../harness/model/test-support/sample-run.js';
import { renderConsoleReport } from './render-console.js';

function indexOfLine(text: string, start: string): number {
  const index = text.split('\n').findIndex((line) => line.startsWith(start));
  if (index < 0) throw new Error(`no line starting with ${JSON.stringify(start)} in:\n${text}`);
  return index;
}

describe('renderConsoleReport', () => {
  it('opens with the verdict per class, then the overall verdict, and ends with summary and replay', () => {
    const text = renderConsoleReport(samplePassedRun(), { color: false });
    expect(text.split('\n').slice(0, 6)).toEqual([
      'Conformance classes (http://127.0.0.1:4010)',
      '  resources-core     passed   2 passed, 0 failed, 0 skipped, 0 errored  (required)',
      '  pagination-cursor  passed   1 passed, 0 failed, 0 skipped, 0 errored  (required)',
      '  pagination-bounds  passed   1 passed, 0 failed, 0 skipped, 0 errored  (required)',
      '',
      'Verdict: passed: all 3 required classes passed',
    ]);
    expect(
      text.endsWith(
        '4 passed, 0 failed, 0 skipped, 0 errored in 3.5s (seed 42)\nReplay: npx apicert run --base-url http://127.0.0.1:4010 --seed 42\n',
      ),
    ).toBe(true);
    // The run overview in words, before the counts: each suite that ran, with its checks' time.
    expect(text).toMatch(
      /^Time by suite \(checks side by side overlap\): \S+ \d+(\.\d)? m?s(, \S+ \d+(\.\d)? m?s)*\n4 passed/m,
    );
    expect(text).not.toContain('Failed and errored');
    expect(text).not.toContain('Warnings');
  });

  it('lists a failed check with message, expected/actual and at most three curl lines', () => {
    const text = renderConsoleReport(sampleFailingRun(), { color: false });
    expect(text).toContain('Verdict: failed: required classes not passed: pagination-cursor (failed)');
    expect(text).toContain(
      [
        '  FAILED pagination.cursor-walk  Following next_cursor visits every item exactly once',
        '    id c2 appeared on page 1 and page 2',
        '    expected: each id on exactly one page',
        '    actual:   1 repeated id: c2',
        "    curl -sS 'http://127.0.0.1:4010/customers?limit=2&page=1'",
        "    curl -sS 'http://127.0.0.1:4010/customers?limit=2&page=2'",
        "    curl -sS 'http://127.0.0.1:4010/customers?limit=2&page=3'",
        '    (1 more curl line in report.json)',
      ].join('\n'),
    );
    expect(text).not.toContain('page=4');
    expect(text).toContain('Warnings (1)\n  warning pagination.cursor-walk: has_more was true on an empty page');
    expect(indexOfLine(text, 'Verdict')).toBeLessThan(indexOfLine(text, 'Failed and errored checks (1)'));
    expect(indexOfLine(text, 'Failed and errored')).toBeLessThan(indexOfLine(text, 'Warnings'));
    expect(indexOfLine(text, 'Warnings')).toBeLessThan(indexOfLine(text, '1 passed, 1 failed'));
  });

  it('shows errored checks with their error code, leaves skipped and passed ones out, and says the run was interrupted', () => {
    const text = renderConsoleReport(sampleMixedRun(), { color: false });
    expect(text).toContain(
      '  ERRORED pagination.cursor-walk  Following next_cursor visits every item exactly once\n    APICERT_CHECK_TIMEOUT: the check ran past its 5000 ms budget\n',
    );
    expect(text).toContain('  FAILED pagination.offset-walk');
    // The skipped check is not listed as a problem; its class names it only to say why it judged nothing.
    expect(text).not.toMatch(/^ {2}SKIPPED/m);
    expect(text).not.toContain('default page size probed');
    expect(text).toContain(
      '  webhooks-sender    skipped  0 passed, 0 failed, 1 skipped, 0 errored\n' +
        '                     nothing in it was judged: webhooks-sender.signature-over-raw-body skipped: config has no webhooks.sender section\n',
    );
    expect(text).toContain(
      'Interrupted: total run budget of 60 s exceeded; 3 checks not run\nTime by suite (checks side by side overlap): resources 12 ms, pagination 5.0 s\n1 passed, 1 failed, 1 skipped, 1 errored in 3.5s (seed 42)',
    );
  });

  it('names a root cause once, with the checks it blocked under it instead of in full', () => {
    const blocked = (id: string) =>
      buildCheck({
        id,
        status: 'errored',
        error: { code: 'APICERT_CHECK_BLOCKED', message: `${id} judged nothing` },
        blockedBy: 'webhooks-receiver.signed-delivery-acknowledged',
      });
    const run = buildRun([
      buildCheck({
        id: 'webhooks-receiver.signed-delivery-acknowledged',
        status: 'failed',
        message: 'a correctly signed delivery answered 401',
      }),
      blocked('webhooks-receiver.malformed-json-refused'),
      blocked('webhooks-receiver.oversized-body-refused'),
    ]);
    const text = renderConsoleReport(run, { color: false });
    expect(text).toContain('Failed and errored checks (3)');
    expect(text).toContain(
      '    a correctly signed delivery answered 401\n    blocks 2 checks, errored until this passes: webhooks-receiver.malformed-json-refused, webhooks-receiver.oversized-body-refused',
    );
    expect(text).not.toContain('judged nothing');
  });

  it('names a shared cause once, with what it affects, the first check in full and the others by id', () => {
    const notAPage = (id: string, subjects: string[], message: string) =>
      buildCheck({ id, status: 'failed', message, cause: { key: 'list-not-a-page', subjects } });
    const run = buildRun([
      notAPage('resources.list-answers-with-page', ['/customers', '/orders'], 'GET /customers did not answer a page'),
      buildCheck({ id: 'resources.put-replaces-record', status: 'failed', message: 'PUT merged' }),
      notAPage('pagination.walk-within-budget', ['/customers'], 'offset walk of /customers: not a page'),
      notAPage(
        'pagination.stable-order',
        ['/customers/{id}/orders'],
        'cursor walk of /customers/c1/orders: not a page',
      ),
    ]);
    const text = renderConsoleReport(run, { color: false });
    expect(text).toContain('Failed and errored checks (4)');
    expect(text.match(/CAUSE/g)).toHaveLength(1);
    expect(text).toContain(
      [
        '  CAUSE Lists do not answer with a page {items, next_cursor, has_more} (convention 2, 4.1)',
        '    affects: /customers, /orders, /customers/{id}/orders',
        '    3 checks fail or stop on it; the first in full, then the others:',
        '  FAILED resources.list-answers-with-page  Following next_cursor visits every item exactly once',
        '    GET /customers did not answer a page',
      ].join('\n'),
    );
    expect(text).toContain('    also: pagination.walk-within-budget (failed), pagination.stable-order (failed)');
    expect(text).not.toContain('offset walk of /customers: not a page');
    expect(text).toContain('  FAILED resources.put-replaces-record');
  });

  it('prints the replay data of a property check', () => {
    const text = renderConsoleReport(sampleFullRun(), { color: false });
    expect(text).toContain(
      '    counterexample: {"deliveries":[1,2],"big":"12345678901234567890n","nested":{"ok":null}}',
    );
    const run = sampleFullRun();
    const check = run.checks.find((c) => c.status === 'failed' && c.replayPath !== undefined)!;
    expect(text).toContain(`    replay: --seed ${run.seed} --suite ${check.suite} (fast-check seed -7, path 0:1:1)`);
  });

  it('says so when no class was required', () => {
    const run = buildRun([buildCheck({ status: 'skipped', message: 'no list endpoint' })]);
    expect(renderConsoleReport(run, { color: false })).toContain('Verdict: failed: no conformance class was required');
  });

  it('emits no escape character at all without colour, and only its own SGR styles with colour', () => {
    expect(renderConsoleReport(sampleMixedRun(), { color: false })).not.toContain('\u001b');
    const coloured = renderConsoleReport(sampleMixedRun(), { color: true });
    expect(coloured).toContain('\u001b[31mfailed \u001b[39m');
    const sequences = new Set(coloured.match(/\u001b\[[0-9;]*m/g));
    expect([...sequences].sort()).toEqual(
      ['\u001b[1m', '\u001b[22m', '\u001b[2m', '\u001b[31m', '\u001b[32m', '\u001b[33m', '\u001b[39m'].sort(),
    );
    expect(coloured.replace(/\u001b\[(1|22|2|31|32|33|39)m/g, '')).toBe(
      renderConsoleReport(sampleMixedRun(), { color: false }),
    );
  });

  it('makes hostile target data inert and cuts long values', () => {
    for (const color of [false, true]) {
      const text = renderConsoleReport(sampleHostileRun(), { color });
      const withoutOwnStyles = text.replace(/\u001b\[(1|22|2|31|32|33|39)m/g, '');
      expect(withoutOwnStyles).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
      expect(text).toContain('<script>alert("x")</script> ]]> &amp; \'q\' "dq" \\x00 \\x07 RED   \\u{2028} line');
      expect(text).toContain('line\\nbreak\\r \\u{d800} \\u{202e}evil');
      for (const line of withoutOwnStyles.split('\n')) expect(line.length).toBeLessThan(400);
      expect(text).toMatch(/x… \(\+\d+ chars\)/);
    }
  });

  it('honours a smaller maximum line length', () => {
    const text = renderConsoleReport(sampleFailingRun(), { color: false, maxLineLength: 10 });
    expect(text).toContain('    id c2 appe… (+25 chars)');
  });
});
