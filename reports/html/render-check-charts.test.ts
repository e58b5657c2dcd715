import { describe, expect, it } from 'vitest';
import { buildCheck } from '../../harness/model/test-support/sample-run.js';
import { renderCheckCharts } from './render-check-charts.js';

describe('renderCheckCharts', () => {
  it('draws each chart of a check whatever its verdict, a passing walk as a page grid named after its walk', () => {
    const check = buildCheck({
      status: 'passed',
      charts: [
        {
          kind: 'walk',
          list: '/customers',
          style: 'cursor',
          pages: [{ ids: ['a', 'b'] }, { ids: ['c'] }],
          repeated: [],
          missing: [],
          writes: ['after page 1: insert a record → z (inserted)'],
        },
        {
          kind: 'page-cost',
          list: '/customers',
          pageSize: 2,
          pages: [
            { depth: 0, ms: 1 },
            { depth: 4, ms: 1 },
          ],
          warnRatio: 3,
          adviceFromMs: 12,
        },
      ],
    });
    const html = renderCheckCharts(check, 'check-x');
    expect(html).toMatch(/^<h5>What it saw<\/h5><figure class="page-grid">/);
    expect(html).toContain('<title id="check-x-chart-0-grid-title">The pages of the cursor walk of /customers</title>');
    expect(html).toContain('2 pages; no row listed twice; no row missing; 1 write between pages (w1…).');
    expect(html).toContain('<figure class="page-cost">');
  });

  it('draws nothing for a check without charts, or with a kind this version does not know', () => {
    expect(renderCheckCharts(buildCheck(), 'x')).toBe('');
    expect(renderCheckCharts(buildCheck({ charts: [{ kind: 'future' } as never] }), 'x')).toBe('');
  });
});
