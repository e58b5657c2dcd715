import { describe, expect, it } from 'vitest';
import { chartBounds, type CheckChart } from '../model/check-chart.js';
import { buildExchange } from '../model/test-support/sample-run.js';
import type { SinkDelivery } from '../sink/sink-types.js';
import {
  acknowledgementsChart,
  boundChartLists,
  deliveriesChart,
  inDrawingOrder,
  mapChartText,
} from './check-charts.js';

function delivery(eventId: string | undefined, receivedAtMs: number, answer: SinkDelivery['answer']): SinkDelivery {
  return { eventId, receivedAtMs, answer } as unknown as SinkDelivery;
}

describe('deliveriesChart', () => {
  it("rows the deliveries by event in order of first arrival, times from the first, the sink's answer or none", () => {
    const chart = deliveriesChart([
      delivery('e1', 1000, { state: 'answered', status: 503, afterMs: 1, late: false }),
      delivery('e2', 1010.4, { state: 'answered', status: 200, afterMs: 1, late: false }),
      delivery('e1', 1060.6, { state: 'destroyed', afterMs: 250, isReset: true }),
      delivery(undefined, 1100, { state: 'pending' }),
      delivery('e2', 1200, { state: 'sender-closed', afterMs: 150 }),
      delivery('e2', 1300, { state: 'destroyed', afterMs: 0 }),
    ]);
    // How an attempt without an answer ended: reset or closed by the sink, or given up by the sender.
    expect(chart).toEqual({
      kind: 'deliveries',
      events: [
        {
          id: 'e1',
          attempts: [
            { atMs: 0, status: 503 },
            { atMs: 61, ended: 'reset' },
          ],
        },
        {
          id: 'e2',
          attempts: [
            { atMs: 10, status: 200 },
            { atMs: 200, ended: 'timed-out' },
            { atMs: 300, ended: 'closed' },
          ],
        },
        { id: '(no event id)', attempts: [{ atMs: 100, ended: 'held' }] },
      ],
      omittedEvents: 0,
    });
    expect(deliveriesChart([])).toBeUndefined();
  });

  it('keeps at most chartBounds events and attempts, and counts the events left out', () => {
    const flood = Array.from({ length: 20 }, (_, event) =>
      Array.from({ length: 20 }, (_, attempt) => delivery(`e${event}`, attempt, { state: 'pending' })),
    ).flat();
    const chart = deliveriesChart(flood)!;
    expect(chart.events).toHaveLength(chartBounds.events);
    expect(chart.events[0]!.attempts).toHaveLength(chartBounds.attemptsPerEvent);
    expect(chart.omittedEvents).toBe(20 - chartBounds.events);
  });
});

describe('acknowledgementsChart', () => {
  it('charts each sent delivery by its note, time and answer against the budget', () => {
    const answered = buildExchange({ note: 'valid signature', durationMs: 12.4 });
    const { response: _response, ...unanswered } = buildExchange({ note: 'stale timestamp', durationMs: 250 });
    expect(acknowledgementsChart([answered, unanswered], 1000)).toEqual({
      kind: 'acknowledgements',
      budgetMs: 1000,
      deliveries: [
        { label: 'valid signature', ms: 12, status: answered.response!.status },
        { label: 'stale timestamp', ms: 250 },
      ],
      omitted: 0,
    });
    expect(acknowledgementsChart([], 1000)).toBeUndefined();
  });
});

describe('walk charts', () => {
  it('keep at most chartBounds pages, rows and writes, and take every word through the same edit', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}`);
    const input: CheckChart = {
      kind: 'walk',
      list: '/c',
      style: 'offset',
      pages: Array.from({ length: 20 }, () => ({ ids })),
      repeated: ids,
      missing: ids,
      writes: ids,
    };
    const chart = boundChartLists(input);
    expect(
      chart.kind === 'walk' && [
        chart.pages.length,
        chart.pages[0]!.ids.length,
        chart.repeated.length,
        chart.missing.length,
        chart.writes.length,
      ],
    ).toEqual([
      chartBounds.walkPages,
      chartBounds.walkRows,
      chartBounds.walkRows,
      chartBounds.walkRows,
      chartBounds.walkWrites,
    ]);
    // What was cut is counted, so the reports can say how much they do not draw.
    expect(chart.kind === 'walk' && [chart.morePages, chart.pages[0]!.more]).toEqual([
      20 - chartBounds.walkPages,
      40 - chartBounds.walkRows,
    ]);
    const edited = mapChartText(
      {
        kind: 'walk',
        list: '/c',
        style: 'cursor',
        pages: [{ ids: ['a'] }],
        repeated: ['b'],
        missing: ['c'],
        writes: ['d'],
      },
      (t) => t.toUpperCase(),
    );
    expect(edited).toEqual({
      kind: 'walk',
      list: '/C',
      style: 'cursor',
      pages: [{ ids: ['A'] }],
      repeated: ['B'],
      missing: ['C'],
      writes: ['D'],
    });
  });
});

describe('inDrawingOrder', () => {
  const walk = (list: string, style: 'cursor' | 'offset'): CheckChart => ({
    kind: 'walk',
    list,
    style,
    pages: [],
    repeated: [],
    missing: [],
    writes: [],
  });

  it('orders charts by list and style, whichever list finished first', () => {
    const drawn = [walk('/products', 'cursor'), walk('/customers', 'offset'), walk('/customers', 'cursor')];
    expect(inDrawingOrder(drawn).map((chart) => (chart.kind === 'walk' ? `${chart.list} ${chart.style}` : ''))).toEqual(
      ['/customers cursor', '/customers offset', '/products cursor'],
    );
  });

  it("orders nested lists by their shape, not by their parents' ids, which are new each run", () => {
    // The parents' random ids sort the other way round from the lists' names.
    const drawn = [walk('/customers/cus_a/orders', 'cursor'), walk('/customers/cus_z/invoices', 'cursor')];
    const order = (charts: CheckChart[]) =>
      inDrawingOrder(charts).map((chart) => ('list' in chart ? chart.list.split('/')[3] : ''));
    expect(order(drawn)).toEqual(['invoices', 'orders']);
    expect(order([...drawn].reverse())).toEqual(['invoices', 'orders']);
  });
});
