import { describe, expect, it } from 'vitest';
import type { PageCostChart } from '../../harness/model/check-chart.js';
import { renderPageCost } from './render-page-cost.js';

const chartOf = (pages: PageCostChart['pages'], list = '/customers'): PageCostChart => ({
  kind: 'page-cost',
  list,
  pageSize: 20,
  pages,
  warnRatio: 3,
  adviceFromMs: 12,
});

describe('renderPageCost', () => {
  it('draws every read, the fastest of each depth joined, the flat line and the advice line', () => {
    const html = renderPageCost(
      chartOf([
        { depth: 0, ms: 4 },
        { depth: 0, ms: 6 },
        { depth: 180, ms: 5 },
        { depth: 180, ms: 9 },
      ]),
      'c',
    );
    expect(html).toMatch(/^<figure class="page-cost"><svg [^>]*aria-labelledby="c-cost-title c-cost-desc"/);
    expect(html.match(/<circle [^>]*r="3"/g)).toHaveLength(4);
    expect(html.match(/<circle [^>]*r="4"/g)).toHaveLength(2);
    expect(html).toContain('>flat: 4.0 ms<');
    expect(html).toContain('>advice: 12 ms<');
    expect(html).toContain(
      '/customers, pages of 20: 4.0 ms at 0 items deep, 5.0 ms at 180 items deep (fastest of each depth); flat would be 4.0 ms at every depth, advice from 12 ms.',
    );
  });

  it('scales to what is judged: one slow read sits at the top as a hollow dot instead of flattening the lines', () => {
    const html = renderPageCost(
      chartOf([
        { depth: 0, ms: 4 },
        { depth: 0, ms: 250 },
        { depth: 180, ms: 5 },
      ]),
      'c',
    );
    expect(html).toMatch(
      /<circle [^>]*r="3" fill="#fff"[^>]*><title>250 ms at 0 items deep \(above the scale\)<\/title>/,
    );
    expect(html).toContain('>14 ms<');
  });

  it("draws the same depth by offset and page number beside the cursor, for comparison, without the cursor's lines", () => {
    const html = renderPageCost(
      chartOf([
        { depth: 0, ms: 4 },
        { depth: 180, ms: 5 },
        { depth: 0, ms: 4, style: 'offset' },
        { depth: 180, ms: 11, style: 'offset' },
        { depth: 0, ms: 4, style: 'page' },
        { depth: 180, ms: 10, style: 'page' },
      ]),
      'c',
    );
    expect(html.match(/<path [^>]*stroke="#6a1b9a"[^>]*stroke-dasharray/g)).toHaveLength(1);
    expect(html.match(/<path [^>]*stroke="#8d6e63"[^>]*stroke-dasharray/g)).toHaveLength(1);
    expect(html).toContain(
      'For comparison, by offset: 4.0 ms at 0 items deep, 11 ms at 180 items deep. For comparison, by page: 4.0 ms at 0 items deep, 10 ms at 180 items deep.',
    );
    expect(html).toContain('whose cost the convention does not state');
    // One flat line and one advice line: the cursor's.
    expect(html.match(/stroke="#2e7d32" stroke-dasharray/g)).toHaveLength(1);
  });

  it('draws nothing with a single depth, and keeps a hostile list path as text', () => {
    expect(renderPageCost(chartOf([{ depth: 0, ms: 4 }]), 'c')).toBe('');
    const html = renderPageCost(
      chartOf(
        [
          { depth: 0, ms: 1 },
          { depth: 20, ms: 1 },
        ],
        '/x"><script>alert(1)</script>',
      ),
      'c',
    );
    expect(html).not.toMatch(/<script/);
  });
});
