// A chart in one line of words: what the console and junit.xml print where the HTML report draws
// (the HTML keeps its own, fuller words in each figure's description). Pure.
import type { CheckChart } from './check-chart.js';

const round = (ms: number): string => (ms >= 10 ? String(Math.round(ms)) : ms.toFixed(1));

function answer(status: number | undefined): string {
  return status === undefined ? 'no answer' : String(status);
}

export function describeChart(chart: CheckChart): string {
  switch (chart.kind) {
    case 'deliveries': {
      const events = chart.events.map(({ id, attempts }) => `${id}: ${attempts.map((a, i) => `${i === 0 ? '' : '+'}${round(i === 0 ? a.atMs : a.atMs - attempts[i - 1]!.atMs)} ms ${answer(a.status)}`).join(', ')}`);
      return `deliveries by event (gap before each retry): ${events.join('; ')}${chart.omittedEvents > 0 ? `; ${chart.omittedEvents} more events` : ''}`;
    }
    case 'acknowledgements': {
      const slowest = Math.max(...chart.deliveries.map((d) => d.ms), 0);
      const over = chart.deliveries.filter((d) => d.ms > chart.budgetMs).length;
      return `receiver answers: ${chart.deliveries.length + chart.omitted} deliveries, slowest ${round(slowest)} ms, ${over} past the ${chart.budgetMs} ms budget`;
    }
    case 'page-cost': {
      const fastest = new Map<number, number>();
      for (const { depth, ms } of chart.pages) fastest.set(depth, Math.min(ms, fastest.get(depth) ?? Number.POSITIVE_INFINITY));
      const points = [...fastest].sort((a, b) => a[0] - b[0]).map(([depth, ms]) => `${round(ms)} ms at ${depth} deep`);
      return `cursor page cost on ${chart.list} (fastest of each depth): ${points.join(', ')}; advice past ×${chart.warnRatio} the first`;
    }
    case 'walk': {
      const rows = chart.pages.reduce((sum, page) => sum + page.ids.length, 0);
      const writes = chart.writes.length === 0 ? 'no writes between pages' : `${chart.writes.length} write${chart.writes.length === 1 ? '' : 's'} between pages`;
      return `${chart.style} walk of ${chart.list}: ${chart.pages.length} pages, ${rows} rows, ${chart.repeated.length} listed twice, ${chart.missing.length} missing, ${writes}`;
    }
  }
}
