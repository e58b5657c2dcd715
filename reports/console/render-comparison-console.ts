// The comparison with a baseline, for the terminal: counts, then what changed, then what gates.
import { createPalette, type Paint } from './ansi-style.js';
import { toInertText } from '../../harness/model/inert-text.js';
import type { ComparedCheck, RunComparison } from '../../harness/model/compare-runs.js';
import { findRequiredNewFailures, type FailOn } from '../../harness/model/release-gate.js';

export interface ComparisonConsoleOptions {
  readonly color: boolean;
  readonly failOn: FailOn;
  /** Most checks listed per category; the HTML report lists them all. Default 20. */
  readonly maxListed?: number;
}

const maxValueChars = 200;
const inert = (text: string): string => toInertText(text, maxValueChars);

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeChange(check: ComparedCheck): string {
  const before = check.baselineStatus === undefined ? 'not in the baseline' : `was ${check.baselineStatus}`;
  return `${check.status ?? 'not run'}, ${before}`;
}

function listCategory(label: string, paint: Paint, checks: readonly ComparedCheck[], maxListed: number): string[] {
  const lines = checks
    .slice(0, maxListed)
    .map((check) => `  ${paint(label)} ${inert(check.id)}  ${describeChange(check)}`);
  const hidden = checks.length - maxListed;
  if (hidden > 0) lines.push(`  (+${hidden} more ${label.trim().toLowerCase()} in index.html)`);
  return lines;
}

function renderGateLine(comparison: RunComparison, failOn: FailOn): string {
  if (failOn === 'any') return '--fail-on any: every failure in a required class decides the exit code';
  const gating = findRequiredNewFailures(comparison).length;
  if (gating === 0)
    return '--fail-on new: no new failure in a required class, so failures seen in the baseline do not fail this run';
  return `--fail-on new: ${plural(gating, 'new failure')} in a required class decide${gating === 1 ? 's' : ''} the exit code`;
}

/** Renders the comparison; every string from either report is made inert and cut to one line. */
export function renderComparisonConsole(comparison: RunComparison, options: ComparisonConsoleOptions): string {
  const palette = createPalette(options.color);
  const maxListed = options.maxListed ?? 20;
  const { baseline } = comparison;
  const lines = [
    palette.bold(
      `Compared with the baseline run of ${inert(baseline.startedAt)} (apicert ${inert(baseline.version)}, seed ${baseline.seed}, ${inert(baseline.baseUrl)})`,
    ),
    `  ${plural(comparison.newFailures.length, 'new failure')}, ${comparison.fixed.length} fixed, ` +
      `${comparison.stillFailing.length} still failing, ${comparison.notRechecked.length} not rechecked, ` +
      `${comparison.unchanged.length} unchanged`,
    ...listCategory('NEW          ', palette.red, comparison.newFailures, maxListed),
    ...listCategory('FIXED        ', palette.green, comparison.fixed, maxListed),
    ...listCategory('NOT RECHECKED', palette.yellow, comparison.notRechecked, maxListed),
    renderGateLine(comparison, options.failOn),
  ];
  return `\n${lines.join('\n')}\n`;
}
