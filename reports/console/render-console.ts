// The console report: verdicts first (what a release needs), then what to fix, then how to replay.
import { formatDuration } from '../format-duration.js';
import { suiteTimes } from '../suite-times.js';
import { describeChart } from '../describe-chart.js';
import { describeShards } from '../describe-shards.js';
import { describeOutcome, describeVerdictReason } from '../../harness/model/describe-outcome.js';
import { findRootCauses, findSharedCauses, type RootCause, type SharedCauseGroup } from '../root-causes.js';
import {
  advisoryClassId,
  contractClassId,
  type CheckResult,
  type ClassResult,
  type ClassVerdict,
  type RunResult,
} from '../../harness/model/run-result.js';
import { toCounterexampleText } from '../counterexample-text.js';
import { describeSequenceSteps, readSequenceSteps } from '../sequence-steps.js';
import { createPalette, type Paint, type Palette } from './ansi-style.js';
import { toInertText } from '../../harness/model/inert-text.js';

export interface ConsoleReportOptions {
  /** Emit ANSI colours; set it only when stdout is a terminal. */
  readonly color: boolean;
  /** Longest printed value, in characters, before it is cut; default 300. */
  readonly maxLineLength?: number;
}

// More curl lines than this and the failure no longer fits on a screen; report.json has them all.
const maxCurlLines = 3;
const defaultMaxLineLength = 300;

type Inert = (text: string) => string;

function paintVerdict(palette: Palette, verdict: ClassVerdict | 'errored'): Paint {
  if (verdict === 'passed') return palette.green;
  if (verdict === 'skipped') return palette.yellow;
  return palette.red;
}

function describeCounts(result: ClassResult): string {
  const counts = result.checks;
  // In the advisory class a check "fails" by giving advice; its own class judged it already.
  const failed = result.id === advisoryClassId ? `${counts.failed} gave advice or failed` : `${counts.failed} failed`;
  return `${counts.passed} passed, ${failed}, ${counts.skipped} skipped, ${counts.errored} errored`;
}

function describeRequirement(result: ClassResult): string {
  if (result.required) return '  (required)';
  if (result.id === advisoryClassId) return '  (not required: --strict or --require advisory gates on it)';
  return result.id === contractClassId && result.verdict !== 'skipped'
    ? '  (not required: --require openapi-contract gates on it)'
    : '';
}

function renderClasses(run: RunResult, palette: Palette, inert: Inert): string[] {
  const lines = [palette.bold(`Conformance classes (${inert(run.target.baseUrl)})`)];
  if (run.classes.length === 0) return [...lines, '  none: no check ran'];
  const ids = run.classes.map((result) => inert(result.id));
  const idWidth = Math.max(...ids.map((id) => id.length));
  run.classes.forEach((result, index) => {
    const isAdviceOnly = result.id === advisoryClassId && !result.required && result.verdict === 'failed';
    const verdict = (isAdviceOnly ? palette.yellow : paintVerdict(palette, result.verdict))(result.verdict.padEnd(7));
    lines.push(
      `  ${(ids[index] ?? '').padEnd(idWidth)}  ${verdict}  ${describeCounts(result)}${describeRequirement(result)}`,
    );
    // A skipped class says why under its line: what its checks left out is what a release would configure.
    if (result.reason !== undefined) lines.push(`  ${' '.repeat(idWidth)}  ${inert(result.reason)}`);
  });
  return lines;
}

function renderRunVerdict(run: RunResult, palette: Palette, inert: Inert): string {
  return palette.bold(
    `Verdict: ${paintVerdict(palette, run.verdict)(run.verdict)}: ${inert(describeVerdictReason(run))}`,
  );
}

function renderProblem(run: RunResult, check: CheckResult, palette: Palette, inert: Inert): string[] {
  const status = paintVerdict(palette, check.status)(check.status.toUpperCase());
  const lines = [
    `  ${status} ${palette.bold(inert(check.id))}  ${inert(check.title)}`,
    `    ${inert(describeOutcome(check))}`,
  ];
  if (check.status === 'failed') {
    if (check.expected !== undefined) lines.push(`    expected: ${inert(check.expected)}`);
    if (check.actual !== undefined) lines.push(`    actual:   ${inert(check.actual)}`);
    const sequence = readSequenceSteps(check.counterexample);
    if (sequence !== undefined) for (const line of describeSequenceSteps(sequence)) lines.push(`    ${inert(line)}`);
    else if (check.counterexample !== undefined) {
      lines.push(`    counterexample: ${inert(toCounterexampleText(check.counterexample, Number.MAX_SAFE_INTEGER))}`);
    }
    // --seed takes the run seed (each check derives its own from it); the path is fast-check's, for the record.
    if (check.replayPath !== undefined) {
      lines.push(
        `    replay: --seed ${run.seed} --suite ${check.suite} (fast-check seed ${check.seed}, path ${inert(check.replayPath)})`,
      );
    }
  }
  for (const chart of check.charts ?? []) lines.push(`    ${inert(describeChart(chart))}`);
  const curls = check.evidence.flatMap((exchange) => (exchange.curl === undefined ? [] : [exchange.curl]));
  for (const curl of curls.slice(0, maxCurlLines)) lines.push(`    ${palette.dim(inert(curl))}`);
  const hidden = curls.length - maxCurlLines;
  if (hidden > 0) lines.push(`    (${hidden} more curl line${hidden === 1 ? '' : 's'} in report.json)`);
  return lines;
}

// A root cause is said once: the checks it blocked are named under it, not shown again in full.
function renderBlocked(cause: RootCause | undefined, inert: Inert): string[] {
  if (cause === undefined) return [];
  const ids = cause.blocked.map((check) => inert(check.id));
  return [`    blocks ${ids.length} check${ids.length === 1 ? '' : 's'}, errored until this passes: ${ids.join(', ')}`];
}

// Subjects beyond this many are counted, not listed: report.json has them all.
const maxSubjectsShown = 10;

// A shared cause is said once: what it affects, the first check it fails in full, the others by id.
function renderSharedCause(
  run: RunResult,
  group: SharedCauseGroup,
  causes: ReadonlyMap<string, RootCause>,
  palette: Palette,
  inert: Inert,
): string[] {
  const shown = group.subjects.slice(0, maxSubjectsShown).map(inert);
  const more = group.subjects.length - shown.length;
  const [first, ...others] = group.checks;
  return [
    `  ${palette.red('CAUSE')} ${palette.bold(group.summary)}`,
    `    affects: ${shown.join(', ')}${more > 0 ? ` (+${more} more)` : ''}`,
    `    ${group.checks.length} checks fail or stop on it; the first in full, then the others:`,
    ...(first === undefined
      ? []
      : [...renderProblem(run, first, palette, inert), ...renderBlocked(causes.get(first.id), inert)]),
    `    also: ${others.map((check) => `${inert(check.id)} (${check.status})`).join(', ')}`,
  ];
}

function renderProblems(run: RunResult, palette: Palette, inert: Inert): string[] {
  const problems = run.checks.filter((check) => check.status === 'failed' || check.status === 'errored');
  if (problems.length === 0) return [];
  const causes = new Map(findRootCauses(run.checks).map((cause) => [cause.checkId, cause]));
  const shared = findSharedCauses(run.checks);
  const listedUnderCause = new Set([
    ...[...causes.values()].flatMap((cause) => cause.blocked.map((check) => check.id)),
    ...shared.flatMap((group) => group.checks.map((check) => check.id)),
  ]);
  const blocks = [
    ...shared.map((group) => renderSharedCause(run, group, causes, palette, inert).join('\n')),
    ...problems
      .filter((check) => !listedUnderCause.has(check.id))
      .map((check) =>
        [...renderProblem(run, check, palette, inert), ...renderBlocked(causes.get(check.id), inert)].join('\n'),
      ),
  ];
  return ['', palette.bold(`Failed and errored checks (${problems.length})`), blocks.join('\n\n')];
}

// Advice: good practice the convention does not state, or a rule the kit cannot judge reliably.
function renderAdvice(run: RunResult, palette: Palette, inert: Inert): string[] {
  const advice = run.checks.flatMap((check) =>
    check.findings
      .filter((finding) => finding.level === 'advisory')
      .map((finding) => `  ${palette.yellow('advice')} ${inert(check.id)}: ${inert(finding.message)}`),
  );
  const isGated = run.classes.some((result) => result.id === advisoryClassId && result.required);
  const heading = `Advice (${advice.length}; ${isGated ? 'the advisory class is required, so advice fails this run' : 'counted only in the advisory class, which this run does not require'})`;
  return advice.length === 0 ? [] : ['', palette.bold(heading), ...advice];
}

function renderWarnings(run: RunResult, palette: Palette, inert: Inert): string[] {
  const warnings = run.checks.flatMap((check) =>
    check.findings
      .filter((finding) => finding.level === 'warning')
      .map((finding) => `  ${palette.yellow('warning')} ${inert(check.id)}: ${inert(finding.message)}`),
  );
  for (const note of run.notes) {
    if (note.level === 'warning')
      warnings.push(`  ${palette.yellow('warning')} ${inert(note.suite ?? 'run')}: ${inert(note.message)}`);
  }
  return warnings.length === 0 ? [] : ['', palette.bold(`Warnings (${warnings.length})`), ...warnings];
}

function renderSummary(run: RunResult, inert: Inert): string[] {
  const { passed, failed, skipped, errored } = run.summary;
  const seconds = (run.durationMs / 1000).toFixed(1);
  const lines = [''];
  if (run.interrupted !== undefined) lines.push(`Interrupted: ${inert(run.interrupted)}`);
  const shards = describeShards(run);
  if (shards !== undefined) lines.push(`Shards: ${inert(shards)}`);
  for (const note of run.notes) if (note.level === 'info') lines.push(`Note: ${inert(note.message)}`);
  // The run overview's words (the HTML report draws it): a slow suite stands out here too.
  const times = suiteTimes(run.checks).filter((time) => time.worst !== 'skipped');
  if (times.length > 0)
    lines.push(
      `Time by suite (checks side by side overlap): ${times.map((time) => `${time.suite} ${formatDuration(time.ms)}`).join(', ')}`,
    );
  lines.push(
    `${passed} passed, ${failed} failed, ${skipped} skipped, ${errored} errored in ${seconds}s (seed ${run.seed})`,
  );
  // The replay command is copied and run: it is never cut, only made inert.
  lines.push(`Replay: ${toInertText(run.replayCommand, Number.MAX_SAFE_INTEGER)}`);
  return lines;
}

/** Renders the run for a terminal; every target-derived string is made inert and cut to one line. */
export function renderConsoleReport(run: RunResult, options: ConsoleReportOptions): string {
  const palette = createPalette(options.color);
  const maxLineLength = options.maxLineLength ?? defaultMaxLineLength;
  const inert: Inert = (text) => toInertText(text, maxLineLength);
  const lines = [
    ...renderClasses(run, palette, inert),
    '',
    renderRunVerdict(run, palette, inert),
    ...renderProblems(run, palette, inert),
    ...renderAdvice(run, palette, inert),
    ...renderWarnings(run, palette, inert),
    ...renderSummary(run, inert),
  ];
  return `${lines.join('\n')}\n`;
}
