import { describe, expect, it } from 'vitest';
import { pageGridBounds, renderPageGrid } from './render-page-grid.js';

const counterexample = {
  list: '/customers',
  writes: ['after page 1: delete the anchor (the record next_cursor points at) → c5 (deleted)'],
  pages: [
    { url: 'http://h/customers?limit=5', ids: ['c1', 'c2', 'c3', 'c4', 'c5'] },
    { url: 'http://h/customers?limit=5&after=x', ids: ['c1', 'c2', 'c6'] },
  ],
  repeated: ['c1', 'c2'],
  missing: ['c7'],
};

describe('renderPageGrid', () => {
  it('draws a column per page, the repeated rows filled red, the missing ones in a last column, and the write in its gap', () => {
    const html = renderPageGrid(counterexample, 'check-x');
    expect(html).toMatch(
      /^<figure class="page-grid"><svg [^>]*role="img" aria-labelledby="check-x-grid-title check-x-grid-desc"/,
    );
    expect(html.match(/>page \d+</g)).toEqual(['>page 1<', '>page 2<']);
    expect(html.match(/<title>listed twice: c\d<\/title>/g)).toHaveLength(4);
    expect(html).toContain('<title>never listed: c7</title>');
    expect(html).toMatch(/<line x1="120" [^>]*stroke="#c60"/);
    expect(html).toContain('<title>deleted by w1: c5</title>');
    expect(html).toContain(
      '<li>w1: after page 1: delete the anchor (the record next_cursor points at) → c5 (deleted)</li>',
    );
    expect(html).toContain('2 pages; listed twice: c1, c2; never listed: c7; 1 write between pages (w1…).');
  });

  it('draws nothing for a counterexample without pages', () => {
    expect(renderPageGrid({ writes: [] }, 'x')).toBe('');
    expect(renderPageGrid('text', 'x')).toBe('');
    expect(renderPageGrid({ pages: 'no' }, 'x')).toBe('');
  });

  it('stays small for a long walk, and says how much it drew', () => {
    const pages = Array.from({ length: 40 }, (_, p) => ({ ids: Array.from({ length: 100 }, (_, r) => `r${p}-${r}`) }));
    const html = renderPageGrid({ pages, repeated: [], missing: [], writes: [] }, 'x');
    expect(html.match(/<rect /g)).toHaveLength(pageGridBounds.pages * pageGridBounds.rowsPerPage);
    expect(html).toContain('+76 more rows');
    expect(html).toContain('40 pages (the first 12 drawn)');
    expect(html.length).toBeLessThan(120_000);
  });

  it('keeps hostile ids as text', () => {
    const hostile = '<script>window.__pwned=1</script>"><svg onload=alert(1)>';
    const html = renderPageGrid(
      { pages: [{ ids: [hostile] }], repeated: [hostile], missing: [hostile], writes: [`after page 1: ${hostile}`] },
      'x',
    );
    expect(html).not.toMatch(/<script|<svg onload/);
    expect(html).toContain('&lt;script&gt;');
  });
});
