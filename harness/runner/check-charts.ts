// The charts a check's result carries (CheckResult.charts), made from what the runner saw the check
// do: the deliveries each sink channel it opened received, and the receiver's answers to the
// deliveries it sent; plus those the check drew itself (ctx.chart). Lists are cut to chartBounds
// here; their words are redacted and cut with the rest of the result (redact-result, bound-result),
// so no cut goes through a secret before redaction sees it. Pure.
import {
  chartBounds,
  outcomeOfAttempt,
  type AcknowledgementsChart,
  type CheckChart,
  type DeliveriesChart,
  type DeliveryAttempt,
} from '../model/check-chart.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { SinkDelivery } from '../sink/sink-types.js';

/** The deliveries of one sink channel, one row per event id in order of first arrival; undefined when none came. */
export function deliveriesChart(deliveries: readonly SinkDelivery[]): DeliveriesChart | undefined {
  if (deliveries.length === 0) return undefined;
  const start = Math.min(...deliveries.map((delivery) => delivery.receivedAtMs));
  const events = new Map<string, DeliveryAttempt[]>();
  for (const delivery of deliveries) {
    const id = delivery.eventId ?? '(no event id)';
    const attempt = { atMs: Math.round(delivery.receivedAtMs - start), ...outcomeOfAttempt(delivery.answer) };
    events.set(id, [...(events.get(id) ?? []), attempt]);
  }
  return boundChartLists({
    kind: 'deliveries',
    events: [...events].map(([id, attempts]) => ({ id, attempts })),
    omittedEvents: 0,
  });
}

/** The receiver's answer time to each delivery a check sent, against the budget; undefined when it sent none. */
export function acknowledgementsChart(
  sent: readonly ExchangeRecord[],
  budgetMs: number,
): AcknowledgementsChart | undefined {
  if (sent.length === 0) return undefined;
  const deliveries = sent.map((record) => ({
    label: record.note ?? `${record.request.method} delivery`,
    ms: Math.round(record.durationMs),
    ...(record.response !== undefined ? { status: record.response.status } : {}),
  }));
  return boundChartLists({ kind: 'acknowledgements', budgetMs, deliveries, omitted: 0 });
}

/**
 * The charts a check drew, by list and then by style, each list's in the order drawn: lists judged
 * side by side draw in the order they finish, and the report (and the cut to chartsPerCheck) must
 * not depend on that. A nested list's path holds a parent id new each run, so lists sort by their
 * shape, the member ids left out (convention 2: /collection/{id}/collection): two nested lists under
 * parents with random ids keep one order. Pure.
 */
export function inDrawingOrder(charts: readonly CheckChart[]): CheckChart[] {
  const keyOf = (chart: CheckChart): string =>
    'list' in chart ? `${shapeOf(chart.list)}\u0000${'style' in chart ? chart.style : ''}` : '';
  return [...charts].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

// "/customers/cus_4f2/orders" -> "/customers/{}/orders": every second segment is a member id.
function shapeOf(path: string): string {
  return path
    .split('/')
    .map((segment, index) => (index > 0 && index % 2 === 0 ? '{}' : segment))
    .join('/');
}

/** A chart's lists cut to chartBounds, each cut counted, so the reports can say how much is not drawn. */
export function boundChartLists<T extends CheckChart>(chart: T): T;
export function boundChartLists(chart: CheckChart): CheckChart {
  switch (chart.kind) {
    case 'page-cost':
      return { ...chart, pages: chart.pages.slice(0, chartBounds.pages) };
    case 'deliveries':
      return {
        ...chart,
        events: chart.events.slice(0, chartBounds.events).map((event) => {
          const more = (event.moreAttempts ?? 0) + Math.max(0, event.attempts.length - chartBounds.attemptsPerEvent);
          return {
            id: event.id,
            attempts: event.attempts.slice(0, chartBounds.attemptsPerEvent),
            ...(more > 0 ? { moreAttempts: more } : {}),
          };
        }),
        omittedEvents: chart.omittedEvents + Math.max(0, chart.events.length - chartBounds.events),
      };
    case 'acknowledgements':
      return {
        ...chart,
        deliveries: chart.deliveries.slice(0, chartBounds.acknowledgements),
        omitted: chart.omitted + Math.max(0, chart.deliveries.length - chartBounds.acknowledgements),
      };
    case 'walk': {
      const morePages = (chart.morePages ?? 0) + Math.max(0, chart.pages.length - chartBounds.walkPages);
      return {
        ...chart,
        pages: chart.pages.slice(0, chartBounds.walkPages).map((page) => {
          const more = (page.more ?? 0) + Math.max(0, page.ids.length - chartBounds.walkRows);
          return { ids: page.ids.slice(0, chartBounds.walkRows), ...(more > 0 ? { more } : {}) };
        }),
        ...(morePages > 0 ? { morePages } : {}),
        repeated: chart.repeated.slice(0, chartBounds.walkRows),
        missing: chart.missing.slice(0, chartBounds.walkRows),
        writes: chart.writes.slice(0, chartBounds.walkWrites),
      };
    }
  }
}

/** A chart with `edit` applied to each of its words (an event id, a label, a list's path). */
export function mapChartText(chart: CheckChart, edit: (text: string) => string): CheckChart {
  switch (chart.kind) {
    case 'page-cost':
      return { ...chart, list: edit(chart.list) };
    case 'deliveries':
      return { ...chart, events: chart.events.map((event) => ({ ...event, id: edit(event.id) })) };
    case 'acknowledgements':
      return { ...chart, deliveries: chart.deliveries.map((d) => ({ ...d, label: edit(d.label) })) };
    case 'walk':
      return {
        ...chart,
        list: edit(chart.list),
        pages: chart.pages.map((page) => ({ ...page, ids: page.ids.map(edit) })),
        repeated: chart.repeated.map(edit),
        missing: chart.missing.map(edit),
        writes: chart.writes.map(edit),
      };
  }
}
