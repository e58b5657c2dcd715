// Annotations for a GitHub Actions run: one error per failed or errored check, most important first
// (required classes, then failures before errors, then the order they ran), and a warning per run
// warning or piece of advice. GitHub shows at most 10 of each per step, so past that the last one
// says how many more there are and where to read them. Pure.
import { describeOutcome } from '../../harness/model/describe-outcome.js';
import type { CheckResult, RunResult } from '../../harness/model/run-result.js';
import { workflowCommand } from './workflow-command.js';

/** GitHub's limit of annotations of one level per step. */
export const annotationsPerLevel = 10;

/** The workflow command lines, each ending in a newline; empty when there is nothing to annotate. */
export function renderGithubAnnotations(run: RunResult): string {
  const required = new Set(run.classes.filter((result) => result.required).map((result) => result.id));
  const rank = (check: CheckResult): number =>
    (required.has(check.class) ? 0 : 2) + (check.status === 'failed' ? 0 : 1);
  const problems = run.checks
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => check.status === 'failed' || check.status === 'errored')
    .sort((a, b) => rank(a.check) - rank(b.check) || a.index - b.index)
    .map(({ check }) => check);
  const errors = capped(problems.map(errorOf), problems.length, 'failed or errored checks');
  const warningLines = [
    ...run.notes
      .filter((note) => note.level === 'warning')
      .map((note) => ({
        title: `apicert warning${note.suite === undefined ? '' : `: ${note.suite}`}`,
        text: note.message,
      })),
    ...run.checks.flatMap((check) =>
      check.findings
        .filter((finding) => finding.level === 'warning' || finding.level === 'advisory')
        .map((finding) => ({
          title: `apicert ${finding.level === 'advisory' ? 'advice' : 'warning'}: ${check.id}`,
          text: finding.message,
        })),
    ),
  ];
  const warnings = capped(
    warningLines.map(({ title, text }) => ({ title, lines: [text] })),
    warningLines.length,
    'warnings and advice',
  );
  return [
    ...errors.map((a) => workflowCommand('error', a.title, a.lines)),
    ...warnings.map((a) => workflowCommand('warning', a.title, a.lines)),
  ]
    .map((line) => `${line}\n`)
    .join('');
}

interface Annotation {
  readonly title: string;
  readonly lines: readonly string[];
}

function errorOf(check: CheckResult): Annotation {
  const lines = [describeOutcome(check)];
  if (check.status === 'failed') {
    if (check.expected !== undefined) lines.push(`expected: ${check.expected}`);
    if (check.actual !== undefined) lines.push(`actual: ${check.actual}`);
  }
  const curl = check.evidence.find((exchange) => exchange.curl !== undefined)?.curl;
  if (curl !== undefined) lines.push(curl);
  return { title: `apicert ${check.status}: ${check.id} (convention ${check.rule})`, lines };
}

// The first nine as they are and a tenth that counts the rest, when there are more than ten.
function capped(annotations: readonly Annotation[], total: number, what: string): readonly Annotation[] {
  if (annotations.length <= annotationsPerLevel) return annotations;
  const shown = annotations.slice(0, annotationsPerLevel - 1);
  const more = total - shown.length;
  return [
    ...shown,
    {
      title: `apicert: ${more} more ${what}`,
      lines: [`${more} more ${what} than GitHub shows per step: see the job summary and report.json`],
    },
  ];
}
