// A chart in one line of words: what the console and junit.xml print where the HTML report draws
// (the HTML keeps its own, fuller words in each figure's description). Pure.
import type { CheckChart, DeliveryAttempt } from '../harness/model/check-chart.js';

// Whole milliseconds, as measured; below one, a tenth (a fast page).
const round = (ms: number): string => (ms >= 1 || ms === 0 ? String(Math.round(ms)) : ms.toFixed(1));

function answer(attempt: { readonly status?: number; readonly ended?: DeliveryAttempt['ended'] }): string {
  if (attempt.status !== undefined) return String(attempt.status);
  // The end's own name, in words: "timed out", "reset", "closed", "held"; none is "no answer".
  return attempt.ended === undefined ? 'no answer' : attempt.ended.replace('-', ' ');
}

export function describeChart(chart: CheckChart): string {
  switch (chart.kind) {
    case 'deliveries': {
      const events = chart.events.map(
        ({ id, attempts, moreAttempts }) =>
          `${id}: ${attempts.map((a, i) => `${i === 0 ? `at ${round(a.atMs)}` : `+${round(a.atMs - attempts[i - 1]!.atMs)}`} ms ${answer(a)}`).join(', ')}${moreAttempts ? `, and ${moreAttempts} more attempts` : ''}`,
      );
      return `deliveries by event (gap before each retry): ${events.join('; ')}${chart.omittedEvents > 0 ? `; ${chart.omittedEvents} more events` : ''}`;
    }
    case 'acknowledgements': {
      const slowest = Math.max(...chart.deliveries.map((d) => d.ms), 0);
      const over = chart.deliveries.filter((d) => d.ms > chart.budgetMs).length;
      const count = chart.deliveries.length + chart.omitted;
      return `receiver answers: ${count} ${count === 1 ? 'delivery' : 'deliveries'}, slowest ${round(slowest)} ms, ${over} past the ${chart.budgetMs} ms budget`;
    }
    case 'page-cost': {
      const pointsOf = (style: 'cursor' | 'offset' | 'page'): string[] => {
        const fastest = new Map<number, number>();
        for (const page of chart.pages)
          if ((page.style ?? 'cursor') === style)
            fastest.set(page.depth, Math.min(page.ms, fastest.get(page.depth) ?? Number.POSITIVE_INFINITY));
        return [...fastest].sort((a, b) => a[0] - b[0]).map(([depth, ms]) => `${round(ms)} ms at ${depth} deep`);
      };
      const others = (['offset', 'page'] as const)
        .map((style) => [style, pointsOf(style)] as const)
        .filter(([, points]) => points.length > 0);
      return `cursor page cost on ${chart.list} (fastest of each depth): ${pointsOf('cursor').join(', ')}; advice from ${round(chart.adviceFromMs)} ms${others.map(([style, points]) => `; by ${style}, for comparison: ${points.join(', ')}`).join('')}`;
    }
    case 'walk': {
      const rows = chart.pages.reduce((sum, page) => sum + page.ids.length + (page.more ?? 0), 0);
      const writes =
        chart.writes.length === 0
          ? 'no writes between pages'
          : `${chart.writes.length} write${chart.writes.length === 1 ? '' : 's'} between pages`;
      const pages = chart.pages.length + (chart.morePages ?? 0);
      return `${chart.style} walk of ${chart.list}: ${pages} pages, ${rows}${chart.morePages ? '+' : ''} rows, ${chart.repeated.length} listed twice, ${chart.missing.length} missing, ${writes}`;
    }
  }
}
