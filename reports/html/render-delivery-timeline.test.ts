import { describe, expect, it } from 'vitest';
import type { DeliveriesChart } from '../../harness/model/check-chart.js';
import { renderDeliveryTimeline, timelineBounds } from './render-delivery-timeline.js';

const chartOf = (events: DeliveriesChart['events'], omittedEvents = 0): DeliveriesChart => ({ kind: 'deliveries', events, omittedEvents });

describe('renderDeliveryTimeline', () => {
  it('draws a row per event and a mark per attempt, coloured by its answer, with the gap before each retry', () => {
    const html = renderDeliveryTimeline(
      chartOf([
        { id: 'evt_1', attempts: [{ atMs: 0, status: 500 }, { atMs: 100 }, { atMs: 300, status: 200 }] },
        { id: 'evt_2', attempts: [{ atMs: 50, status: 200 }] },
      ]),
      'check-x',
    );
    expect(html).toMatch(/^<figure class="delivery-timeline"><svg [^>]*role="img" aria-labelledby="check-x-timeline-title check-x-timeline-desc"/);
    expect(html.match(/<circle [^>]*fill="(#\w+)"/g)?.map((mark) => /fill="(#\w+)"/.exec(mark)![1])).toEqual(['#c62828', '#ef6c00', '#2e7d32', '#2e7d32']);
    expect(html.match(/>\+\d+ ms</g)).toEqual(['>+100 ms<', '>+200 ms<']);
    expect(html).toContain('evt_1: 0 ms: answered 500, 100 ms: no answer (time-out or cut), 300 ms: answered 200; evt_2: 50 ms: answered 200');
  });

  it('rings where each retry from the third would come had the wait not shrunk: a backoff is on or after it, a speed-up before', () => {
    const backoff = renderDeliveryTimeline(chartOf([{ id: 'e', attempts: [{ atMs: 0, status: 500 }, { atMs: 100, status: 500 }, { atMs: 300, status: 200 }] }]), 'x');
    expect(backoff.match(/fill="none" stroke="#555" stroke-dasharray/g)).toHaveLength(1);
    expect(backoff).toContain('attempt 3 backs off when it comes at 200 ms or later');
    const speedUp = renderDeliveryTimeline(chartOf([{ id: 'e', attempts: [{ atMs: 0 }, { atMs: 400 }, { atMs: 500 }, { atMs: 550 }] }]), 'x');
    expect(speedUp).toContain('attempt 3 backs off when it comes at 800 ms or later');
    expect(speedUp).toContain('attempt 4 backs off when it comes at 600 ms or later');
  });

  it('draws nothing without deliveries, and stays small with many', () => {
    expect(renderDeliveryTimeline(chartOf([]), 'x')).toBe('');
    const many = Array.from({ length: 30 }, (_, event) => ({ id: `evt_${event}`, attempts: Array.from({ length: 30 }, (_, attempt) => ({ atMs: event * 10 + attempt, status: 500 })) }));
    const html = renderDeliveryTimeline(chartOf(many, 4), 'x');
    expect(html.match(/<circle [^>]*r="5"/g)).toHaveLength(timelineBounds.events * timelineBounds.attemptsPerEvent);
    expect(html).toContain('(26 more events in report.json)');
  });

  it('keeps a hostile event id as text', () => {
    const html = renderDeliveryTimeline(chartOf([{ id: '<script>window.__pwned=1</script>', attempts: [{ atMs: 0, status: 200 }] }]), 'x');
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('&lt;script&gt;');
  });
});
