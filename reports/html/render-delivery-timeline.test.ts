import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../harness/model/evidence.js';
import { buildExchange } from '../../harness/model/test-support/sample-run.js';
import { renderDeliveryTimeline, timelineBounds } from './render-delivery-timeline.js';

function delivery(event: string, attempt: number, atMs: number, status: number | undefined): ExchangeRecord {
  const { response: _response, ...base } = buildExchange();
  return {
    ...base,
    direction: 'inbound',
    request: { method: 'POST', url: 'http://127.0.0.1:4100/c1', headers: {} },
    ...(status === undefined ? {} : { response: { status, headers: {} } }),
    startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + atMs).toISOString(),
    note: `delivery ${attempt} of event ${event}: ${status === undefined ? 'the sender closed the connection' : `the sink answered ${status}`}`,
    delivery: { attempt, eventId: event },
  };
}

describe('renderDeliveryTimeline', () => {
  it('draws a row per event and a mark per attempt, coloured by its answer, with the gap before each retry', () => {
    const evidence = [buildExchange(), delivery('evt_1', 1, 0, 500), delivery('evt_1', 2, 100, undefined), delivery('evt_1', 3, 300, 200), delivery('evt_2', 1, 50, 200)];
    const html = renderDeliveryTimeline(evidence, 'check-x');
    expect(html).toMatch(/^<figure class="delivery-timeline"><svg [^>]*role="img" aria-labelledby="check-x-timeline-title check-x-timeline-desc"/);
    expect(html.match(/<circle [^>]*fill="(#\w+)"/g)?.map((mark) => /fill="(#\w+)"/.exec(mark)![1])).toEqual(['#c62828', '#ef6c00', '#2e7d32', '#2e7d32']);
    expect(html.match(/>\+\d+ ms</g)).toEqual(['>+100 ms<', '>+200 ms<']);
    expect(html).toContain('evt_1: 0 ms: answered 500, 100 ms: no answer (time-out or cut), 300 ms: answered 200; evt_2: 50 ms: answered 200');
  });

  it('draws nothing without deliveries, and stays small with many', () => {
    expect(renderDeliveryTimeline([buildExchange()], 'x')).toBe('');
    const many = Array.from({ length: 30 }, (_, event) => Array.from({ length: 30 }, (_, attempt) => delivery(`evt_${event}`, attempt + 1, event * 10 + attempt, 500))).flat();
    const html = renderDeliveryTimeline(many, 'x');
    expect(html.match(/<circle /g)).toHaveLength(timelineBounds.events * timelineBounds.attemptsPerEvent);
    expect(html).toContain('(22 more events in the evidence)');
  });

  it('keeps a hostile event id as text', () => {
    const html = renderDeliveryTimeline([delivery('<script>window.__pwned=1</script>', 1, 0, 200)], 'x');
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('&lt;script&gt;');
  });
});
