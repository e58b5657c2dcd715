// A check's charts (CheckResult.charts), drawn whatever its verdict: what it saw over time or across
// pages. Each chart is a <figure> with its own words; a kind this version does not draw is skipped.
import type { CheckChart } from '../../harness/model/check-chart.js';
import type { CheckResult } from '../../harness/model/run-result.js';
import { describeChart } from '../describe-chart.js';
import { cutText } from './cut-text.js';
import { escapeHtml } from './escape.js';
import type { EvidenceBudget } from './html-limits.js';
import { renderAcknowledgements } from './render-acknowledgements.js';
import { renderDeliveryTimeline } from './render-delivery-timeline.js';
import { renderPageCost } from './render-page-cost.js';
import { renderPageGrid } from './render-page-grid.js';

function renderChart(chart: CheckChart, idPrefix: string): string {
  switch (chart.kind) {
    case 'deliveries':
      return renderDeliveryTimeline(chart, idPrefix);
    case 'acknowledgements':
      return renderAcknowledgements(chart, idPrefix);
    case 'page-cost':
      return renderPageCost(chart, idPrefix);
    case 'walk':
      // The same grid as a failed walk's counterexample: its fields have the same names.
      return renderPageGrid(chart, idPrefix, `The pages of the ${chart.style} walk of ${chart.list}`);
    default:
      return '';
  }
}

/**
 * The charts under a heading, or '' when the check has none. `anchor` is the check's, for unique ids.
 * Each figure is charged to the page's evidence budget like the exchanges: once it is spent, a chart
 * is said in words only, so a run of many lists keeps a bounded page.
 */
export function renderCheckCharts(check: CheckResult, anchor: string, budget?: EvidenceBudget): string {
  const figures = (check.charts ?? []).flatMap((chart, index) => {
    const html = renderChart(chart, `${anchor}-chart-${index}`);
    if (html === '') return [];
    if (budget === undefined || budget.grant(html.length) >= html.length) return [html];
    return [
      `<p class="omitted">${escapeHtml(cutText(describeChart(chart), 400).text)} (not drawn: the page's size budget is spent; report.json has the chart)</p>`,
    ];
  });
  return figures.length === 0 ? '' : `<h5>What it saw</h5>${figures.join('')}`;
}
