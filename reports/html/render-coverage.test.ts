import { describe, expect, it } from 'vitest';
import { buildCheck } from '../../harness/model/test-support/sample-run.js';
import { defaultHtmlLimits } from './html-limits.js';
import { renderCoverage } from './render-coverage.js';

describe('renderCoverage', () => {
  it('names what a check judged and what it left out, escaped, with the rest counted', () => {
    const covered = Array.from({ length: 15 }, (_, index) => `GET /items?limit=${index}`);
    const html = renderCoverage(
      buildCheck({
        status: 'passed',
        coverage: {
          requests: 42,
          covered: ['<script>x</script>', ...covered],
          leftOut: [{ item: '/a/{id}/b', why: 'no <b>body</b>' }],
        },
      }),
      defaultHtmlLimits,
    );
    expect(html).toContain('Coverage (42 requests)');
    expect(html).toContain('Judged 16:');
    expect(html).toContain('and 4 more');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('no &lt;b&gt;body&lt;/b&gt;');
  });

  it('renders nothing for a check that recorded no items', () => {
    expect(
      renderCoverage(
        buildCheck({ status: 'passed', coverage: { requests: 3, covered: [], leftOut: [] } }),
        defaultHtmlLimits,
      ),
    ).toBe('');
    expect(renderCoverage(buildCheck({ status: 'passed' }), defaultHtmlLimits)).toBe('');
  });
});
