// The receiver's answers to the deliveries a check sent (CheckResult.charts, kind
// "acknowledgements"): one bar per delivery, as long as the receiver took to answer, coloured by the
// kind of answer (green 2xx, grey a 4xx refusal, red a 5xx, orange none; whether that answer was the
// right one for what was sent is the check's verdict), against a line at webhooks.receiver.ackBudgetMs,
// the "quickly" of convention 4.3. When every answer is far inside the budget the bars are scaled to
// the slowest and the budget is named off the scale, so the bars stay readable. Inline SVG,
// presentation attributes only, and the same in words. Pure.
import type { AcknowledgementsChart } from '../../harness/model/check-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';

/** Bars drawn at most; the rest are counted. */
export const acknowledgementBounds = { deliveries: 20, labelChars: 44 } as const;

const labelWidth = 280;
const plotWidth = 420;
const rowHeight = 18;

function colourOf(status: number | undefined): string {
  if (status === undefined) return '#ef6c00';
  if (status >= 200 && status < 300) return '#2e7d32';
  return status >= 400 && status < 500 ? '#78909c' : '#c62828';
}

function describe(delivery: AcknowledgementsChart['deliveries'][number]): string {
  return `${cutText(delivery.label, 80).text}: ${delivery.status === undefined ? 'no answer' : `answered ${delivery.status}`} after ${delivery.ms} ms`;
}

/** The chart as a <figure>, or '' when no delivery was sent. `idPrefix` keeps ids unique in the page. */
export function renderAcknowledgements(chart: AcknowledgementsChart, idPrefix: string): string {
  if (chart.deliveries.length === 0) return '';
  const shown = chart.deliveries.slice(0, acknowledgementBounds.deliveries);
  const slowest = Math.max(1, ...shown.map((d) => d.ms));
  // Answers of a few ms against a budget of seconds would be slivers: then the budget is off the scale.
  const isBudgetOnScale = slowest * 4 >= chart.budgetMs;
  const scaleMs = isBudgetOnScale ? Math.max(chart.budgetMs, slowest) : slowest * 1.25;
  const x = (ms: number): number => labelWidth + Math.round((Math.min(ms, scaleMs) / scaleMs) * plotWidth);
  const width = labelWidth + plotWidth + 110;
  const height = shown.length * rowHeight + 30;
  const parts = shown.map((delivery, row) => {
    const y = 6 + row * rowHeight;
    return (
      `<g><title>${escapeHtml(describe(delivery))}</title>` +
      `<text x="2" y="${y + 11}" font-size="11" fill="#222">${escapeHtml(cutText(delivery.label, acknowledgementBounds.labelChars).text)}</text>` +
      `<rect x="${labelWidth}" y="${y + 2}" width="${Math.max(2, x(delivery.ms) - labelWidth)}" height="${rowHeight - 6}" rx="2" fill="${colourOf(delivery.status)}"/>` +
      `<text x="${x(delivery.ms) + 4}" y="${y + 11}" font-size="10" fill="#333">${delivery.ms} ms</text></g>`
    );
  });
  const bottom = shown.length * rowHeight + 8;
  parts.push(
    isBudgetOnScale
      ? `<line x1="${x(chart.budgetMs)}" y1="2" x2="${x(chart.budgetMs)}" y2="${bottom}" stroke="#333" stroke-dasharray="4 3"/>` +
          `<text x="${Math.max(labelWidth, x(chart.budgetMs) - 90)}" y="${bottom + 14}" font-size="10" fill="#333">budget ${chart.budgetMs} ms</text>`
      : `<text x="${labelWidth + plotWidth - 150}" y="${bottom + 14}" font-size="10" fill="#333">budget ${chart.budgetMs} ms: off the scale →</text>`,
  );
  const hidden = chart.deliveries.length - shown.length + chart.omitted;
  const words = `${shown.map(describe).join('; ')}; budget ${chart.budgetMs} ms.`;
  const titleId = `${idPrefix}-acks-title`;
  const descId = `${idPrefix}-acks-desc`;
  return (
    `<figure class="acknowledgements"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${titleId} ${descId}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="${titleId}">How long the receiver took to answer each delivery, against the acknowledgement budget</title><desc id="${descId}">${escapeHtml(words)}</desc>${parts.join('')}</svg>` +
    `<figcaption>The receiver's answer time per delivery sent: green 2xx, grey a 4xx refusal, red a 5xx, orange no answer (whether each was the right answer is the check's verdict); ${isBudgetOnScale ? 'the dashed line is' : 'all far inside'} webhooks.receiver.ackBudgetMs${hidden > 0 ? ` (${hidden} more deliveries not drawn)` : ''}.</figcaption></figure>`
  );
}
