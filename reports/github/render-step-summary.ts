// The job summary of a GitHub Actions run ($GITHUB_STEP_SUMMARY), in markdown: the verdict, the
// class table, each failed or errored check in one line with its first curl line, and where the
// reports are. GitHub takes at most 1 MiB per step; the summary stops well before, saying how many
// checks it left out. Pure.
import { describeOutcome, describeVerdictReason } from '../../harness/model/describe-outcome.js';
import type { CheckResult, RunResult } from '../../harness/model/run-result.js';
import { toCodeSpan, toMarkdownText } from './markdown-text.js';

/** Bytes the summary stays under (GitHub's limit is 1 MiB per step, shared with other steps' writes). */
export const maxSummaryBytes = 512 * 1024;

export interface StepSummaryOptions {
  /** Paths of the reports written, shown at the end. */
  readonly reportPaths?: readonly string[];
  /** Bytes to stay under; default maxSummaryBytes. */
  readonly maxBytes?: number;
}

export function renderGithubStepSummary(run: RunResult, options: StepSummaryOptions = {}): string {
  const maxBytes = options.maxBytes ?? maxSummaryBytes;
  const head = [
    `## apicert: ${run.verdict === 'passed' ? '✅ passed' : '❌ failed'}`,
    '',
    toMarkdownText(`Verdict: ${run.verdict}: ${describeVerdictReason(run)}`, 2_000),
    '',
    `Target ${toCodeSpan(run.target.baseUrl, 300)}, seed ${run.seed}, ${run.summary.passed} passed, ${run.summary.failed} failed, ${run.summary.skipped} skipped, ${run.summary.errored} errored in ${(run.durationMs / 1000).toFixed(1)} s.`,
    ...(run.interrupted === undefined ? [] : ['', `**Interrupted:** ${toMarkdownText(run.interrupted, 1_000)}`]),
    '',
    '| Class | Verdict | Passed | Failed | Skipped | Errored | Required |',
    '|---|---|---:|---:|---:|---:|---|',
    ...run.classes.map(
      (result) =>
        `| ${toMarkdownText(result.id, 100)} | ${result.reason === undefined ? result.verdict : `${result.verdict}: ${toMarkdownText(result.reason, 600)}`} | ${result.checks.passed} | ${result.checks.failed} | ${result.checks.skipped} | ${result.checks.errored} | ${result.required ? 'yes' : 'no'} |`,
    ),
  ];
  const tail = [
    '',
    ...(options.reportPaths === undefined || options.reportPaths.length === 0
      ? []
      : [`Reports: ${options.reportPaths.map((path) => toCodeSpan(path, 500)).join(', ')}`]),
    `Replay: ${toCodeSpan(run.replayCommand, 2_000)}`,
    '',
  ];
  const problems = run.checks.filter((check) => check.status === 'failed' || check.status === 'errored');
  const lines = [...head];
  if (problems.length > 0) lines.push('', `### Failed and errored checks (${problems.length})`, '');
  let bytes = byteLength([...lines, ...tail]);
  for (const [index, check] of problems.entries()) {
    const line = problemLine(check);
    // Room is kept for the line that says how many were left out.
    if (bytes + Buffer.byteLength(line) + 1 + 200 > maxBytes) {
      lines.push(
        `- … ${problems.length - index} more in report.json (the summary stops at ${Math.round(maxBytes / 1024)} KiB)`,
      );
      break;
    }
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  return [...lines, ...tail].join('\n');
}

function problemLine(check: CheckResult): string {
  const curl = check.evidence.find((exchange) => exchange.curl !== undefined)?.curl;
  const mark = check.status === 'failed' ? '❌' : '⚠️';
  return `- ${mark} **${toMarkdownText(check.id, 200)}** (${check.status}, convention ${toMarkdownText(check.rule, 100)}): ${toMarkdownText(describeOutcome(check), 1_000)}${curl === undefined ? '' : ` ${toCodeSpan(curl, 2_000)}`}`;
}

function byteLength(lines: readonly string[]): number {
  return Buffer.byteLength(lines.join('\n'));
}
