// junit.xml: one <testsuite> per apicert suite, one <testcase> per check, plus one suite holding the
// conformance-class verdicts so that CI shows exactly what decided the exit code.
import { describeChart } from '../describe-chart.js';
import { describeShards } from '../describe-shards.js';
import type { CheckResult, ClassResult, RunResult, SuiteName } from '../../harness/model/run-result.js';
import { advisoryClassId, suiteNames } from '../../harness/model/run-result.js';
import { describeOutcome } from '../../harness/model/describe-outcome.js';
import { describeCheckFailure } from './failure-text.js';
import { escapeXmlAttribute, escapeXmlText } from './xml-escape.js';

/** Name of the extra <testsuite> that holds one test case per conformance class and the run verdict. */
export const classesSuiteName = 'conformance-classes';

// CI tools show the message attribute as a one-line title; the body carries the rest.
const maxMessageAttributeChars = 500;

function toAttributes(values: Readonly<Record<string, string | number>>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

function toSeconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function toMessageAttribute(message: string): string {
  const line = message.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return line.length > maxMessageAttributeChars ? `${line.slice(0, maxMessageAttributeChars)}…` : line;
}

function renderProperties(run: RunResult): string {
  const properties: Array<[string, string]> = [
    ['seed', String(run.seed)],
    ['apicert.version', run.tool.version],
    ['target.baseUrl', run.target.baseUrl],
    ['replayCommand', run.replayCommand],
  ];
  if (run.interrupted !== undefined) properties.push(['interrupted', run.interrupted]);
  const shards = describeShards(run);
  if (shards !== undefined) properties.push(['shards', shards]);
  run.notes.forEach((note, index) =>
    properties.push([
      `note.${index + 1}.${note.level}`,
      note.suite === undefined ? note.message : `${note.suite}: ${note.message}`,
    ]),
  );
  const items = properties.map(([name, value]) => `      <property${toAttributes({ name, value })}/>`);
  return ['    <properties>', ...items, '    </properties>'].join('\n');
}

function renderOutcome(check: CheckResult): string {
  const message = describeOutcome(check);
  switch (check.status) {
    case 'passed':
      return '';
    case 'skipped':
      return `\n      <skipped${toAttributes({ message: toMessageAttribute(message) })}/>`;
    case 'failed':
      return `\n      <failure${toAttributes({ message: toMessageAttribute(message), type: `rule ${check.rule}` })}>${escapeXmlText(describeCheckFailure(check))}</failure>`;
    case 'errored':
      return `\n      <error${toAttributes({ message: toMessageAttribute(message), type: check.error.code })}>${escapeXmlText(describeCheckFailure(check))}</error>`;
  }
}

// Findings, then the charts in words (the HTML report draws them), whatever the verdict.
function renderFindings(check: CheckResult): string {
  const lines = [
    ...check.findings.map((finding) => `${finding.level}: ${finding.message}`),
    ...(check.charts ?? []).map(describeChart),
  ];
  if (lines.length === 0) return '';
  const text = lines.join('\n');
  return `\n      <system-out>${escapeXmlText(text)}</system-out>`;
}

function renderCheck(check: CheckResult): string {
  const attributes = toAttributes({
    classname: `${check.suite}.${check.class}`,
    name: `${check.id}: ${check.title}`,
    time: toSeconds(check.durationMs),
  });
  const body = renderOutcome(check) + renderFindings(check);
  return body === '' ? `    <testcase${attributes}/>` : `    <testcase${attributes}>${body}\n    </testcase>`;
}

interface SuiteCounts {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
  readonly time: string;
}

interface RenderedSuite {
  readonly counts: SuiteCounts;
  readonly xml: string;
}

function renderSuite(name: string, counts: SuiteCounts, run: RunResult, testcases: readonly string[]): RenderedSuite {
  const attributes = toAttributes({ name, ...counts, timestamp: run.startedAt });
  return {
    counts,
    xml: [`  <testsuite${attributes}>`, renderProperties(run), ...testcases, '  </testsuite>'].join('\n'),
  };
}

function sumCounts(suites: readonly RenderedSuite[], key: 'tests' | 'failures' | 'errors' | 'skipped'): number {
  return suites.reduce((sum, suite) => sum + suite.counts[key], 0);
}

function renderCheckSuite(suite: SuiteName, checks: readonly CheckResult[], run: RunResult): RenderedSuite {
  const counts: SuiteCounts = {
    tests: checks.length,
    failures: checks.filter((check) => check.status === 'failed').length,
    errors: checks.filter((check) => check.status === 'errored').length,
    skipped: checks.filter((check) => check.status === 'skipped').length,
    time: toSeconds(checks.reduce((sum, check) => sum + check.durationMs, 0)),
  };
  return renderSuite(suite, counts, run, checks.map(renderCheck));
}

// A skipped class's reason follows its counts: why nothing in it was judged.
function describeClassCounts(result: ClassResult): string {
  const { passed, failed, skipped, errored } = result.checks;
  const counts = `${passed} passed, ${failed} failed, ${skipped} skipped, ${errored} errored`;
  return result.reason === undefined ? counts : `${counts}; ${result.reason}`;
}

// The advisory class fails on advice that sits on passed checks: its failure names them.
function describeAdvice(run: RunResult): string {
  const lines = run.checks.flatMap((check) =>
    check.findings
      .filter((finding) => finding.level === 'advisory')
      .map((finding) => `${check.id}: ${finding.message}`),
  );
  return lines.length === 0 ? '' : `\nadvice:\n${lines.join('\n')}`;
}

function renderClass(
  result: ClassResult,
  run: RunResult,
): { testcase: string; status: 'passed' | 'failed' | 'skipped' } {
  const attributes = toAttributes({
    classname: classesSuiteName,
    name: `${result.id}${result.required ? ' (required)' : ''}`,
    time: '0.000',
  });
  if (!result.required) {
    const message = `not required by this run (verdict ${result.verdict}: ${describeClassCounts(result)})`;
    return {
      status: 'skipped',
      testcase: `    <testcase${attributes}>\n      <skipped${toAttributes({ message })}/>\n    </testcase>`,
    };
  }
  if (result.verdict === 'passed') return { status: 'passed', testcase: `    <testcase${attributes}/>` };
  const message = `required class ${result.id} ${result.verdict}: ${describeClassCounts(result)}`;
  const body = result.id === advisoryClassId ? `${message}${describeAdvice(run)}` : message;
  const failure = `<failure${toAttributes({ message, type: 'class-verdict' })}>${escapeXmlText(body)}</failure>`;
  return { status: 'failed', testcase: `    <testcase${attributes}>\n      ${failure}\n    </testcase>` };
}

function describeRunVerdict(run: RunResult): string {
  const required = run.classes.filter((result) => result.required);
  if (required.length === 0) return 'no conformance class was required, so nothing was certified';
  const notPassed = required
    .filter((result) => result.verdict !== 'passed')
    .map((result) => `${result.id} (${result.verdict})`);
  return `required classes not passed: ${notPassed.join(', ')}`;
}

function renderRunVerdict(run: RunResult): string {
  const attributes = toAttributes({
    classname: classesSuiteName,
    name: 'run verdict',
    time: toSeconds(run.durationMs),
  });
  if (run.verdict === 'passed') return `    <testcase${attributes}/>`;
  const message = describeRunVerdict(run);
  const body = run.interrupted === undefined ? message : `${message}\ninterrupted: ${run.interrupted}`;
  return `    <testcase${attributes}>\n      <failure${toAttributes({ message, type: 'run-verdict' })}>${escapeXmlText(body)}</failure>\n    </testcase>`;
}

function renderClassesSuite(run: RunResult): RenderedSuite {
  const classes = run.classes.map((result) => renderClass(result, run));
  const verdictFailed = run.verdict === 'passed' ? 0 : 1;
  const counts: SuiteCounts = {
    tests: classes.length + 1,
    failures: classes.filter((item) => item.status === 'failed').length + verdictFailed,
    errors: 0,
    skipped: classes.filter((item) => item.status === 'skipped').length,
    time: toSeconds(run.durationMs),
  };
  return renderSuite(classesSuiteName, counts, run, [...classes.map((item) => item.testcase), renderRunVerdict(run)]);
}

/** Renders the run as JUnit XML (the Jenkins/GitLab/GitHub dialect); every target string is escaped. */
export function renderJunitReport(run: RunResult): string {
  const suites = suiteNames
    .map((suite) => ({ suite, checks: run.checks.filter((check) => check.suite === suite) }))
    .filter(({ checks }) => checks.length > 0)
    .map(({ suite, checks }) => renderCheckSuite(suite, checks, run));
  suites.push(renderClassesSuite(run));
  // The root totals include the class verdicts, so they always equal the sum over the <testsuite>s.
  const root = toAttributes({
    name: 'apicert',
    tests: sumCounts(suites, 'tests'),
    failures: sumCounts(suites, 'failures'),
    errors: sumCounts(suites, 'errors'),
    skipped: sumCounts(suites, 'skipped'),
    time: toSeconds(run.durationMs),
    timestamp: run.startedAt,
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${root}>`,
    ...suites.map((suite) => suite.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
