import { describe, expect, it } from 'vitest';
import type { DeliveriesChart } from '../../harness/model/check-chart.js';
import { renderDeliveryTimeline, timelineBounds } from './render-delivery-timeline.js';

const chartOf = (events: DeliveriesChart['events'], omittedEvents = 0): DeliveriesChart => ({
  kind: 'deliveries',
  events,
  omittedEvents,
});

describe('renderDeliveryTimeline', () => {
  it('draws a row per event and a mark per attempt, coloured by its answer, with the gap before each retry', () => {
    const html = renderDeliveryTimeline(
      chartOf([
        {
          id: 'evt_1',
          attempts: [
            { atMs: 0, status: 500 },
            { atMs: 100, ended: 'timed-out' },
            { atMs: 300, status: 200 },
          ],
        },
        { id: 'evt_2', attempts: [{ atMs: 50, status: 200 }] },
        { id: 'evt_3', attempts: [{ atMs: 60, ended: 'reset' }, { atMs: 160, ended: 'closed' }, { atMs: 400 }] },
      ]),
      'check-x',
    );
    expect(html).toMatch(
      /^<figure class="delivery-timeline"><svg [^>]*role="img" aria-labelledby="check-x-timeline-title check-x-timeline-desc"/,
    );
    expect(html.match(/<circle [^>]*fill="(#\w+)"/g)?.map((mark) => /fill="(#\w+)"/.exec(mark)![1])).toEqual([
      '#c62828',
      '#ef6c00',
      '#2e7d32',
      '#2e7d32',
      '#6a1b9a',
      '#6a1b9a',
      '#ef6c00',
    ]);
    expect(html.match(/>\+\d+ ms</g)).toEqual(['>+100 ms<', '>+200 ms<', '>+100 ms<', '>+240 ms<']);
    expect(html).toContain(
      'evt_1: 0 ms: answered 500, 100 ms: no answer in time: the sender gave up (time-out), 300 ms: answered 200; evt_2: 50 ms: answered 200; ' +
        'evt_3: 60 ms: no answer: the sink reset the connection, 160 ms: no answer: the sink closed the connection, 400 ms: no answer',
    );
  });

  it("rings the earliest time the check's rule counts each retry as backing off, where the chart carries one, and only there", () => {
    const html = renderDeliveryTimeline(
      chartOf([
        {
          id: 'e',
          attempts: [
            { atMs: 0, status: 500 },
            { atMs: 1000, status: 500 },
            { atMs: 1760, status: 200, notBeforeMs: 1750 },
          ],
        },
      ]),
      'x',
    );
    expect(html.match(/fill="none" stroke="#555" stroke-dasharray/g)).toHaveLength(1);
    expect(html).toContain('attempt 3 backs off if it comes at 1750 ms or later (webhooks-sender.retry-backoff)');
    expect(html).toContain('a dashed ring marks the earliest the retry still counts as backing off');
    const plain = renderDeliveryTimeline(
      chartOf([{ id: 'e', attempts: [{ atMs: 0 }, { atMs: 30 }, { atMs: 60 }] }]),
      'x',
    );
    expect(plain).not.toContain('stroke-dasharray');
  });

  it('draws the expected backoff beside the observed one: a tick where a wait as long as the one before puts each retry', () => {
    const html = renderDeliveryTimeline(
      chartOf([
        {
          id: 'e',
          attempts: [
            { atMs: 0, status: 503 },
            { atMs: 50, status: 503 },
            { atMs: 150, status: 503, backoffFromMs: 100 },
            { atMs: 350, status: 200, backoffFromMs: 250 },
          ],
        },
      ]),
      'x',
    );
    expect(html.match(/<line [^>]*stroke="#777" stroke-width="2"/g)).toHaveLength(2);
    expect(html).toContain(
      'attempt 3 after a wait as long as the one before: 100 ms (the expected backoff: waits that do not shrink)',
    );
    expect(html).toContain('150 ms: answered 503 (a wait as long as the one before puts it at 100 ms)');
    expect(html).toContain(
      'a grey tick marks where a wait as long as the one before would put the retry (the expected backoff)',
    );
  });

  it('writes the gaps of attempts close together once, not over each other, and draws a single delivery too', () => {
    const storm = renderDeliveryTimeline(
      chartOf([
        {
          id: 'e',
          attempts: Array.from({ length: 10 }, (_, i) => ({ atMs: i * 2, status: 500 })).concat([
            { atMs: 1000, status: 200 },
          ]),
        },
      ]),
      'x',
    );
    expect(storm.match(/>\+\d+ ms</g)!.length).toBeLessThan(5);
    const single = renderDeliveryTimeline(chartOf([{ id: 'evt_once', attempts: [{ atMs: 0, status: 200 }] }]), 'x');
    expect(single.match(/<circle [^>]*r="5"/g)).toHaveLength(1);
    expect(single).toContain('evt_once: 0 ms: answered 200');
  });

  it('draws nothing without deliveries, and stays small with many', () => {
    expect(renderDeliveryTimeline(chartOf([]), 'x')).toBe('');
    const many = Array.from({ length: 30 }, (_, event) => ({
      id: `evt_${event}`,
      attempts: Array.from({ length: 30 }, (_, attempt) => ({ atMs: event * 10 + attempt, status: 500 })),
    }));
    const html = renderDeliveryTimeline(chartOf(many, 4), 'x');
    expect(html.match(/<circle [^>]*r="5"/g)).toHaveLength(timelineBounds.events * timelineBounds.attemptsPerEvent);
    expect(html).toContain('(26 more events not drawn)');
    expect(html).toContain('and 18 more attempts');
  });

  it('keeps a hostile event id as text', () => {
    const html = renderDeliveryTimeline(
      chartOf([
        {
          id: '<script>window.__pwned=1</script>',
          attempts: [
            { atMs: 0, status: 500 },
            { atMs: 50, status: 200 },
          ],
        },
      ]),
      'x',
    );
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('&lt;script&gt;');
  });
});
