// badge.svg, written next to index.html: a README or wiki can show the latest verdict. It holds only
// kit-made values (verdict, counts, version, date); the target's URL stays out of it.
import type { RunResult } from '../../harness/model/run-result.js';
import { escapeHtml } from './escape.js';

const colors = { passed: '#2e7d32', failed: '#c62828', label: '#555' } as const;

// Verdana 11px averages about 7px per character; textLength pins the text to the computed box.
function textWidth(text: string): number {
  return Math.round(text.length * 7 + 10);
}

/** "passed 3/3": required classes passed out of required classes. */
export function describeBadge(run: RunResult): string {
  const required = run.classes.filter((result) => result.required);
  const passed = required.filter((result) => result.verdict === 'passed').length;
  return `${run.verdict} ${passed}/${required.length}`;
}

/** A flat two-part badge, "apicert | passed 3/3", in green or red. */
export function renderBadgeSvg(run: RunResult): string {
  // A shard's badge names its part, so it is never mistaken for the whole run's.
  const label = run.shard === undefined ? 'apicert' : `apicert shard ${run.shard.index}/${run.shard.count}`;
  const message = describeBadge(run);
  const labelWidth = textWidth(label);
  const messageWidth = textWidth(message);
  const width = labelWidth + messageWidth;
  const title = `apicert ${run.tool.version}: ${message} required conformance classes passed (${run.startedAt})`;
  const text = (value: string, x: number, boxWidth: number): string =>
    `<text x="${x}" y="14" textLength="${boxWidth - 10}">${escapeHtml(value)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${escapeHtml(`${label}: ${message}`)}">` +
    `<title>${escapeHtml(title)}</title>` +
    `<rect width="${labelWidth}" height="20" fill="${colors.label}"/>` +
    `<rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${colors[run.verdict]}"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">` +
    `${text(label, 5, labelWidth)}${text(message, labelWidth + 5, messageWidth)}</g></svg>\n`
  );
}
