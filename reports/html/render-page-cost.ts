// The cost of cursor pages by depth (CheckResult.charts, kind "page-cost"): each timed read of the
// first page and of the deep page as a dot at its depth, the fastest of each depth joined by a line,
// against the flat line convention 4.2/2 expects ("costs the same on deep pages": the first page's
// time at every depth) and the line where a deep page draws advice (pagination.deepPageRatioWarn
// times the first). Inline SVG, presentation attributes only, and the same in words. Pure.
import type { PageCostChart } from '../../harness/model/check-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

const left = 60;
const plotWidth = 420;
const plotHeight = 150;
const top = 10;

function fastestByDepth(pages: PageCostChart['pages']): [number, number][] {
  const fastest = new Map<number, number>();
  for (const { depth, ms } of pages) fastest.set(depth, Math.min(ms, fastest.get(depth) ?? Number.POSITIVE_INFINITY));
  return [...fastest].sort((a, b) => a[0] - b[0]);
}

const round = (ms: number): string => (ms >= 10 ? String(Math.round(ms)) : ms.toFixed(1));

/** The chart as a <figure>, or '' without two depths to compare. `idPrefix` keeps ids unique in the page. */
export function renderPageCost(chart: PageCostChart, idPrefix: string): string {
  const fastest = fastestByDepth(chart.pages);
  if (fastest.length < 2) return '';
  const firstMs = fastest[0]![1];
  const warnMs = chart.adviceFromMs;
  const maxDepth = Math.max(1, ...fastest.map(([depth]) => depth));
  // Scaled to what is judged (the fastest of each depth) and the advice line: one slow read, the
  // noise the fastest-of-five discards, must not flatten the rest; it is drawn at the top instead.
  const maxMs = Math.max(warnMs * 1.15, ...fastest.map(([, ms]) => ms * 1.15), 0.1);
  const x = (depth: number): number => left + Math.round((depth / maxDepth) * plotWidth);
  const y = (ms: number): number => top + plotHeight - Math.round((Math.min(ms, maxMs) / maxMs) * plotHeight);
  // The two line labels never print over each other.
  const adviceLabelY = Math.min(y(warnMs) + 4, y(firstMs) + 4 - 12);
  const width = left + plotWidth + 150;
  const height = top + plotHeight + 34;
  const parts: string[] = [
    `<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="#999"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="#999"/>`,
    `<text x="${left}" y="${top + plotHeight + 14}" font-size="10" fill="#555">first page</text>`,
    `<text x="${left + plotWidth - 90}" y="${top + plotHeight + 14}" font-size="10" fill="#555">${maxDepth} items deep</text>`,
    `<text x="2" y="${top + 10}" font-size="10" fill="#555">${round(maxMs)} ms</text>`,
    `<text x="2" y="${top + plotHeight}" font-size="10" fill="#555">0 ms</text>`,
    `<line x1="${left}" y1="${y(firstMs)}" x2="${left + plotWidth}" y2="${y(firstMs)}" stroke="#2e7d32" stroke-dasharray="5 3"/>`,
    `<text x="${left + plotWidth + 6}" y="${y(firstMs) + 4}" font-size="10" fill="#2e7d32">flat: ${round(firstMs)} ms</text>`,
    `<line x1="${left}" y1="${y(warnMs)}" x2="${left + plotWidth}" y2="${y(warnMs)}" stroke="#ef6c00" stroke-dasharray="2 3"/>`,
    `<text x="${left + plotWidth + 6}" y="${adviceLabelY}" font-size="10" fill="#ef6c00">advice: ${round(warnMs)} ms</text>`,
  ];
  for (const page of chart.pages) {
    const isOff = page.ms > maxMs;
    parts.push(`<circle cx="${x(page.depth)}" cy="${y(page.ms)}" r="3" fill="${isOff ? '#fff' : '#90a4ae'}" stroke="#90a4ae"><title>${escapeHtml(`${round(page.ms)} ms at ${page.depth} items deep${isOff ? ' (above the scale)' : ''}`)}</title></circle>`);
  }
  const path = fastest.map(([depth, ms], index) => `${index === 0 ? 'M' : 'L'}${x(depth)} ${y(ms)}`).join(' ');
  parts.push(`<path d="${path}" fill="none" stroke="#1565c0" stroke-width="2"/>`);
  for (const [depth, ms] of fastest) parts.push(`<circle cx="${x(depth)}" cy="${y(ms)}" r="4" fill="#1565c0"><title>${escapeHtml(`fastest at ${depth} items deep: ${round(ms)} ms`)}</title></circle>`);
  const list = cutText(chart.list, 80).text;
  const words =
    `${list}, pages of ${chart.pageSize}: ${fastest.map(([depth, ms]) => `${round(ms)} ms at ${depth} items deep`).join(', ')} (fastest of each depth); ` +
    `flat would be ${round(firstMs)} ms at every depth, advice from ${round(warnMs)} ms.`;
  const titleId = `${idPrefix}-cost-title`;
  const descId = `${idPrefix}-cost-desc`;
  return (
    `<figure class="page-cost"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">${escapeHtml(`Time of a cursor page by depth on ${list}`)}</title><desc id="${descId}">${escapeHtml(words)}</desc>${parts.join('')}</svg>` +
    `<figcaption>${escapeHtml(list)}: each read (grey), the fastest at each depth (blue), the flat line convention 4.2/2 expects (green) and where a deep page draws advice (orange); a read above the scale is a hollow dot at the top.</figcaption></figure>`
  );
}
