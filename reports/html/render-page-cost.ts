// The cost of pages by depth (CheckResult.charts, kind "page-cost"): each timed read of the first
// page and of the deep page as a dot at its depth, the fastest of each depth joined by a line per
// style, against the flat line convention 4.2/2 expects of the cursor ("costs the same on deep
// pages": the first page's time at every depth) and the line where a deep cursor page draws advice.
// Offset and page-number reads of the same depth, when the list offers them, are drawn beside the
// cursor's for comparison; the convention states no cost for them. Inline SVG, presentation
// attributes only, and the same in words. Pure.
import type { PageCostChart } from '../../harness/model/check-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

const left = 60;
const plotWidth = 420;
const plotHeight = 150;
const top = 10;

type Style = 'cursor' | 'offset' | 'page';
const styleColours: Readonly<Record<Style, string>> = { cursor: '#1565c0', offset: '#6a1b9a', page: '#8d6e63' };

function fastestByDepth(pages: PageCostChart['pages'], style: Style): [number, number][] {
  const fastest = new Map<number, number>();
  for (const page of pages)
    if ((page.style ?? 'cursor') === style)
      fastest.set(page.depth, Math.min(page.ms, fastest.get(page.depth) ?? Number.POSITIVE_INFINITY));
  return [...fastest].sort((a, b) => a[0] - b[0]);
}

const round = (ms: number): string => (ms >= 10 ? String(Math.round(ms)) : ms.toFixed(1));

/** The chart as a <figure>, or '' without two depths to compare. `idPrefix` keeps ids unique in the page. */
export function renderPageCost(chart: PageCostChart, idPrefix: string): string {
  const fastest = fastestByDepth(chart.pages, 'cursor');
  if (fastest.length < 2) return '';
  const others = (['offset', 'page'] as const)
    .map((style) => [style, fastestByDepth(chart.pages, style)] as const)
    .filter(([, points]) => points.length >= 2);
  const firstMs = fastest[0]![1];
  const warnMs = chart.adviceFromMs;
  const maxDepth = Math.max(
    1,
    ...fastest.map(([depth]) => depth),
    ...others.flatMap(([, points]) => points.map(([depth]) => depth)),
  );
  // Scaled to what is judged (the fastest of each depth) and the advice line: one slow read, the
  // noise the fastest-of-five discards, must not flatten the rest; it is drawn at the top instead.
  const maxMs = Math.max(
    warnMs * 1.15,
    ...[fastest, ...others.map(([, points]) => points)].flatMap((points) => points.map(([, ms]) => ms * 1.15)),
    0.1,
  );
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
    parts.push(
      `<circle cx="${x(page.depth)}" cy="${y(page.ms)}" r="3" fill="${isOff ? '#fff' : '#90a4ae'}" stroke="#90a4ae"><title>${escapeHtml(`${round(page.ms)} ms at ${page.depth} items deep${isOff ? ' (above the scale)' : ''}`)}</title></circle>`,
    );
  }
  for (const [style, points] of [...others, ['cursor', fastest] as const]) {
    const colour = styleColours[style];
    const path = points.map(([depth, ms], index) => `${index === 0 ? 'M' : 'L'}${x(depth)} ${y(ms)}`).join(' ');
    parts.push(
      `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${style === 'cursor' ? '' : ' stroke-dasharray="6 3"'}/>`,
    );
    for (const [depth, ms] of points)
      parts.push(
        `<circle cx="${x(depth)}" cy="${y(ms)}" r="4" fill="${colour}"><title>${escapeHtml(`${style}, fastest at ${depth} items deep: ${round(ms)} ms`)}</title></circle>`,
      );
  }
  const list = cutText(chart.list, 80).text;
  const words =
    `${list}, pages of ${chart.pageSize}: ${fastest.map(([depth, ms]) => `${round(ms)} ms at ${depth} items deep`).join(', ')} (fastest of each depth); ` +
    `flat would be ${round(firstMs)} ms at every depth, advice from ${round(warnMs)} ms.` +
    others
      .map(
        ([style, points]) =>
          ` For comparison, by ${style}: ${points.map(([depth, ms]) => `${round(ms)} ms at ${depth} items deep`).join(', ')}.`,
      )
      .join('');
  const titleId = `${idPrefix}-cost-title`;
  const descId = `${idPrefix}-cost-desc`;
  return (
    `<figure class="page-cost"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">${escapeHtml(`Time of a page by depth on ${list}`)}</title><desc id="${descId}">${escapeHtml(words)}</desc>${parts.join('')}</svg>` +
    `<figcaption>${escapeHtml(list)}: each read (grey), the fastest cursor read at each depth (blue), the flat line convention 4.2/2 expects of the cursor (green) and where a deep cursor page draws advice (orange)${others.length > 0 ? `; for comparison, the fastest by ${others.map(([style]) => `${style} (${style === 'offset' ? 'purple' : 'brown'}, dashed)`).join(' and ')}, whose cost the convention does not state` : ''}; a read above the scale is a hollow dot at the top.</figcaption></figure>`
  );
}
