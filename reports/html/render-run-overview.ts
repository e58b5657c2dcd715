// The run at a glance, above the checks: one bar per suite, as long as the time its checks took and
// coloured by its worst outcome, so a slow or failing suite stands out. Inline SVG with presentation
// attributes only (no script, no inline style, within the page's CSP), and the same in words. Pure.
import type { CheckStatus, RunResult } from '../../harness/model/run-result.js';
import { describeCounts, describeSuiteTime, suiteTimes } from '../suite-times.js';
import { formatDuration } from './display-values.js';
import { escapeHtml } from './escape.js';

const barColours: Readonly<Record<CheckStatus, string>> = {
  failed: '#c62828',
  errored: '#ef6c00',
  passed: '#2e7d32',
  skipped: '#9e9e9e',
};

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
    return (
      `<g><title>${escapeHtml(describeSuiteTime(time))}</title>` +
      `<text x="0" y="${y + 14}" font-size="12" fill="#222">${escapeHtml(time.suite)}</text>` +
      `<rect x="${labelWidth}" y="${y + 2}" width="${length}" height="${rowHeight - 6}" rx="2" fill="${barColours[time.worst]}"/>` +
      `<text x="${labelWidth + length + 6}" y="${y + 14}" font-size="11" fill="#333">${escapeHtml(`${formatDuration(time.ms)} · ${describeCounts(time)}`)}</text></g>`
    );
  });
  const words = `${times.map(describeSuiteTime).join('; ')}.`;
  return (
    `<figure class="run-overview"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="overview-title overview-desc" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="overview-title">Time in each suite's checks, coloured by its worst outcome</title><desc id="overview-desc">${escapeHtml(words)}</desc>${rows.join('')}</svg>` +
    `<figcaption>Time in each suite's checks, coloured by its worst outcome (checks that run side by side overlap, so the bars can add up to more than the run's ${formatDuration(run.durationMs)}).</figcaption></figure>`
  );
}
