// The run at a glance, above the checks: one bar per suite, as long as the time its checks took and
// coloured by its worst outcome, so a slow or failing suite stands out. Inline SVG with presentation
// attributes only (no script, no inline style, within the page's CSP), and the same in words. Pure.
import type { CheckResult, CheckStatus, RunResult } from '../../harness/model/run-result.js';
import { formatDuration } from './display-values.js';
import { escapeHtml } from './escape.js';

interface SuiteTime {
  readonly suite: string;
  readonly ms: number;
  readonly counts: Readonly<Record<CheckStatus, number>>;
  readonly worst: CheckStatus;
}

const worstFirst: readonly CheckStatus[] = ['failed', 'errored', 'passed', 'skipped'];
const barColours: Readonly<Record<CheckStatus, string>> = { failed: '#c62828', errored: '#ef6c00', passed: '#2e7d32', skipped: '#9e9e9e' };

function suiteTimes(checks: readonly CheckResult[]): SuiteTime[] {
  const bySuite = new Map<string, CheckResult[]>();
  for (const check of checks) bySuite.set(check.suite, [...(bySuite.get(check.suite) ?? []), check]);
  return [...bySuite].map(([suite, list]) => {
    const counts = { passed: 0, failed: 0, skipped: 0, errored: 0 };
    for (const check of list) counts[check.status] += 1;
    return { suite, ms: list.reduce((sum, check) => sum + Math.max(0, check.durationMs), 0), counts, worst: worstFirst.find((status) => counts[status] > 0) ?? 'skipped' };
  });
}

function describeSuite(time: SuiteTime): string {
  const parts = worstFirst.filter((status) => time.counts[status] > 0).map((status) => `${time.counts[status]} ${status}`);
  return `${time.suite}: ${formatDuration(time.ms)} in its checks, ${parts.join(', ')}`;
}

const labelWidth = 150;
const barWidth = 380;
const rowHeight = 22;

/** The overview as a <figure>, or '' when no check ran. */
export function renderRunOverview(run: RunResult): string {
  const times = suiteTimes(run.checks);
  if (times.length === 0) return '';
  const longest = Math.max(1, ...times.map((time) => time.ms));
  const width = labelWidth + barWidth + 230;
  const height = times.length * rowHeight + 6;
  const rows = times.map((time, index) => {
    const y = 4 + index * rowHeight;
    const length = Math.max(2, Math.round((time.ms / longest) * barWidth));
    const summary = worstFirst.filter((status) => time.counts[status] > 0).map((status) => `${time.counts[status]} ${status}`).join(', ');
    return (
      `<g><title>${escapeHtml(describeSuite(time))}</title>` +
      `<text x="0" y="${y + 14}" font-size="12" fill="#222">${escapeHtml(time.suite)}</text>` +
      `<rect x="${labelWidth}" y="${y + 2}" width="${length}" height="${rowHeight - 6}" rx="2" fill="${barColours[time.worst]}"/>` +
      `<text x="${labelWidth + length + 6}" y="${y + 14}" font-size="11" fill="#333">${escapeHtml(`${formatDuration(time.ms)} · ${summary}`)}</text></g>`
    );
  });
  const words = `${times.map(describeSuite).join('; ')}.`;
  return (
    `<figure class="run-overview"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="overview-title overview-desc" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="overview-title">Time in each suite's checks, coloured by its worst outcome</title><desc id="overview-desc">${escapeHtml(words)}</desc>${rows.join('')}</svg>` +
    `<figcaption>Time in each suite's checks, coloured by its worst outcome (checks that run side by side overlap, so the bars can add up to more than the run's ${formatDuration(run.durationMs)}).</figcaption></figure>`
  );
}
