import { describe, expect, it } from 'vitest';
import { describeChart } from './describe-chart.js';

describe('describeChart', () => {
  it('says each kind of chart in one line', () => {
    expect(
      describeChart({
        kind: 'deliveries',
        events: [{ id: 'e1', attempts: [{ atMs: 0, status: 503 }, { atMs: 52 }, { atMs: 160, status: 200 }] }],
        omittedEvents: 2,
      }),
    ).toBe(
      'deliveries by event (gap before each retry): e1: at 0 ms 503, +52 ms no answer, +108 ms 200; 2 more events',
    );
    expect(
      describeChart({
        kind: 'acknowledgements',
        budgetMs: 100,
        deliveries: [
          { label: 'a', ms: 12, status: 200 },
          { label: 'b', ms: 150 },
        ],
        omitted: 1,
      }),
    ).toBe('receiver answers: 3 deliveries, slowest 150 ms, 1 past the 100 ms budget');
    expect(
      describeChart({
        kind: 'page-cost',
        list: '/c',
        pageSize: 5,
        pages: [
          { depth: 0, ms: 4 },
          { depth: 0, ms: 3 },
          { depth: 50, ms: 6 },
          { depth: 0, ms: 3, style: 'offset' },
          { depth: 50, ms: 9, style: 'offset' },
        ],
        warnRatio: 3,
        adviceFromMs: 12,
      }),
    ).toBe(
      'cursor page cost on /c (fastest of each depth): 3 ms at 0 deep, 6 ms at 50 deep; advice from 12 ms; by offset, for comparison: 3 ms at 0 deep, 9 ms at 50 deep',
    );
  });
});
