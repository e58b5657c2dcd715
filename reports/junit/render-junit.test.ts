import { describe, expect, it } from 'vitest';
import { findElements, parseXml, type XmlElement } from '../test-support/parse-xml.js';
import {
  buildCheck,
  buildExchange,
  buildRun,
  hostileText,
  sampleFailingRun,
  sampleFullRun,
  sampleHostileRun,
  sampleMixedRun,
  samplePassedRun,
} from '../../harness/model/test-support/sample-run.js';
import { judgeClasses } from '../../harness/model/verdicts.js';
import { classesSuiteName, renderJunitReport } from './render-junit.js';

function suiteNamed(root: XmlElement, name: string): XmlElement {
  const suite = findElements(root, 'testsuite').find((element) => element.attributes['name'] === name);
  if (!suite) throw new Error(`no testsuite ${name}`);
  return suite;
}

function testcaseNamed(root: XmlElement, prefix: string): XmlElement {
  const testcase = findElements(root, 'testcase').find((element) => element.attributes['name']?.startsWith(prefix));
  if (!testcase) throw new Error(`no testcase ${prefix}`);
  return testcase;
}

describe('renderJunitReport', () => {
  it('writes one testsuite per suite that ran, then the class verdicts, with counts that add up', () => {
    const root = parseXml(renderJunitReport(sampleMixedRun()));
    const suites = findElements(root, 'testsuite');
    expect(suites.map((suite) => suite.attributes['name'])).toEqual([
      'resources',
      'pagination',
      'webhooks-sender',
      classesSuiteName,
    ]);
    const pagination = suiteNamed(root, 'pagination');
    expect(pagination.attributes).toMatchObject({
      tests: '2',
      failures: '1',
      errors: '1',
      skipped: '0',
      time: '5.012',
    });
    for (const key of ['tests', 'failures', 'errors', 'skipped']) {
      const sum = suites.reduce((total, suite) => total + Number(suite.attributes[key]), 0);
      expect(Number(root.attributes[key])).toBe(sum);
    }
    expect(root.attributes['time']).toBe('3.456');
  });

  it('names test cases by suite and class, and by check id and title', () => {
    const root = parseXml(renderJunitReport(samplePassedRun()));
    const testcase = testcaseNamed(root, 'pagination.cursor-walk');
    expect(testcase.attributes).toEqual({
      classname: 'pagination.pagination-cursor',
      name: 'pagination.cursor-walk: Following next_cursor visits every item exactly once',
      time: '0.012',
    });
    expect(testcase.children).toEqual([]);
  });

  it("carries the seed, kit version and target in each suite's properties", () => {
    const root = parseXml(renderJunitReport(sampleMixedRun()));
    for (const suite of findElements(root, 'testsuite')) {
      const properties = Object.fromEntries(
        findElements(suite, 'property').map((p) => [p.attributes['name'], p.attributes['value']]),
      );
      expect(properties).toMatchObject({
        seed: '42',
        'apicert.version': '0.1.0',
        'target.baseUrl': 'http://127.0.0.1:4010',
      });
      expect(properties['interrupted']).toContain('total run budget');
    }
  });

  it('puts message, expected/actual and every exchange with its curl line in a failure', () => {
    const root = parseXml(renderJunitReport(sampleFailingRun()));
    const [failure] = findElements(testcaseNamed(root, 'pagination.cursor-walk'), 'failure');
    expect(failure?.attributes).toEqual({ message: 'id c2 appeared on page 1 and page 2', type: 'rule 4.2/3' });
    const body = failure?.text ?? '';
    expect(body).toContain('expected: each id on exactly one page');
    expect(body).toContain('actual: 1 repeated id: c2');
    expect(body).toContain('evidence (4 exchanges):');
    expect(body).toContain('#4 outbound GET http://127.0.0.1:4010/customers?limit=2&page=4 -> 200 in 3 ms (page 4)');
    expect(body).toContain("curl -sS 'http://127.0.0.1:4010/customers?limit=2&page=3'");
    expect(body).toContain('response body (');
    const [out] = findElements(testcaseNamed(root, 'pagination.cursor-walk'), 'system-out');
    expect(out?.text).toBe('warning: has_more was true on an empty page');
  });

  it('reports an errored check as <error> typed by its code, and a skipped one with its reason', () => {
    const root = parseXml(renderJunitReport(sampleMixedRun()));
    const [error] = findElements(testcaseNamed(root, 'pagination.cursor-walk'), 'error');
    expect(error?.attributes).toEqual({
      message: 'APICERT_CHECK_TIMEOUT: the check ran past its 5000 ms budget',
      type: 'APICERT_CHECK_TIMEOUT',
    });
    expect(error?.text?.split('\n')[0]).toBe('APICERT_CHECK_TIMEOUT: the check ran past its 5000 ms budget');
    const [skipped] = findElements(testcaseNamed(root, 'webhooks-sender.signature-over-raw-body'), 'skipped');
    expect(skipped?.attributes).toEqual({ message: 'config has no webhooks.sender section' });
  });

  it('fails a required class and the run verdict so CI agrees with the exit code', () => {
    const root = parseXml(renderJunitReport(sampleFailingRun()));
    const classes = suiteNamed(root, classesSuiteName);
    expect(
      findElements(testcaseNamed(classes, 'pagination-cursor (required)'), 'failure')[0]?.attributes['message'],
    ).toBe('required class pagination-cursor failed: 0 passed, 1 failed, 0 skipped, 0 errored');
    expect(testcaseNamed(classes, 'resources-core (required)').children).toEqual([]);
    expect(findElements(testcaseNamed(classes, 'run verdict'), 'failure')[0]?.attributes['message']).toBe(
      'required classes not passed: pagination-cursor (failed)',
    );
  });

  it('names the checks that gave advice when a required advisory class fails', () => {
    const advised = buildCheck({
      id: 'webhooks-sender.retry-backoff',
      level: 'advisory',
      findings: [{ level: 'advisory', message: 'retries do not back off' }],
    });
    const classes = judgeClasses([advised], { required: undefined, strict: true });
    const root = parseXml(renderJunitReport(buildRun([advised], { classes, verdict: 'failed' })));
    const failure = findElements(
      testcaseNamed(suiteNamed(root, classesSuiteName), 'advisory (required)'),
      'failure',
    )[0];
    expect(failure?.text).toBe(
      'required class advisory failed: 0 passed, 1 failed, 0 skipped, 0 errored\nadvice:\nwebhooks-sender.retry-backoff: retries do not back off',
    );
  });

  it('fails the run verdict when no class was required, even with nothing else failing', () => {
    const run = buildRun([buildCheck({ status: 'skipped', message: 'no list endpoint' })]);
    const root = parseXml(renderJunitReport(run));
    const classes = suiteNamed(root, classesSuiteName);
    expect(findElements(testcaseNamed(classes, 'pagination-cursor'), 'skipped')[0]?.attributes['message']).toContain(
      'not required',
    );
    expect(findElements(testcaseNamed(classes, 'run verdict'), 'failure')[0]?.attributes['message']).toContain(
      'no conformance class was required',
    );
  });

  it('passes the class suite of a conformant run', () => {
    const classes = suiteNamed(parseXml(renderJunitReport(samplePassedRun())), classesSuiteName);
    expect(classes.attributes).toMatchObject({ tests: '4', failures: '0', errors: '0', skipped: '0' });
  });

  it('stays well-formed with hostile target data and keeps it readable as text', () => {
    const xml = renderJunitReport(sampleHostileRun());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
    expect(xml).not.toMatch(/[\u0000\u0007\u001b\u009b]/);
    const root = parseXml(xml);
    const [failure] = findElements(testcaseNamed(root, 'resources.create-returns-record'), 'failure');
    expect(failure?.attributes['message']).toContain(
      '<script>alert("x")</script> ]]> &amp; \'q\' "dq" \\u0000 \\u0007',
    );
    expect(failure?.attributes['message']).not.toContain('line\nbreak');
    expect(failure?.text).toContain('\u2028 line\nbreak\r \\uD800');
    expect(failure?.text).toContain('counterexample: {"body":');
    expect(
      findElements(root, 'property').find((p) => p.attributes['name'] === 'target.baseUrl')?.attributes['value'],
    ).toContain('<script>');
  });

  it('cuts long bodies and long exchange lists, pointing to report.json', () => {
    const evidence = Array.from({ length: 25 }, (_, index) => buildExchange({ note: `call ${index}` }));
    const longBody = buildExchange({
      response: {
        status: 200,
        headers: {},
        body: { text: 'y'.repeat(5000), bytes: 5000, truncated: false, encoding: 'utf8' },
      },
    });
    const run = buildRun([buildCheck({ status: 'failed', message: hostileText, evidence: [longBody, ...evidence] })]);
    const [failure] = findElements(parseXml(renderJunitReport(run)), 'failure');
    expect(failure?.text).toContain('… (cut; full body in report.json)');
    expect(failure?.text).toContain('… 6 more exchanges in report.json');
    expect(failure?.text).not.toContain('y'.repeat(1001));
    expect(failure?.attributes['message']?.length).toBeLessThanOrEqual(501);
  });

  it('renders every optional field of the model without throwing (bigint counterexample included)', () => {
    const [failure] = findElements(parseXml(renderJunitReport(sampleFullRun())), 'failure');
    expect(failure?.text).toContain('"big":"12345678901234567890n"');
    expect(failure?.text).toContain('seed: -7, replay path: 0:1:1');
    expect(failure?.text).toContain('error: APICERT_HTTP_TIMEOUT: no answer within 2000 ms');
  });
});
