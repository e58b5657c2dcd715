import { describe, expect, it } from 'vitest';
import { buildCheck, buildRun, samplePassedRun } from '../../harness/model/test-support/sample-run.js';
import { renderRunOverview } from './render-run-overview.js';

describe('renderRunOverview', () => {
  it('draws one bar per suite, as long as its checks took and coloured by its worst outcome, and says it in words', () => {
    const run = buildRun([
      buildCheck({ id: 'resources.a', suite: 'resources', class: 'resources-core', durationMs: 400 }),
      buildCheck({ id: 'resources.b', suite: 'resources', class: 'resources-core', durationMs: 100, status: 'failed' }),
      buildCheck({ id: 'pagination.c', durationMs: 1000 }),
    ]);
    const html = renderRunOverview(run);
    expect(html).toMatch(
      /^<figure class="run-overview"><svg [^>]*role="img" aria-labelledby="overview-title overview-desc"/,
    );
    expect(html.match(/<rect [^>]*>/g)).toEqual([
      expect.stringContaining('width="190" height="16" rx="2" fill="#c62828"'),
      expect.stringContaining('width="380" height="16" rx="2" fill="#2e7d32"'),
    ]);
    expect(html).toContain(
      '<desc id="overview-desc">resources: 500 ms in its checks, 1 failed, 1 passed; pagination: 1.0 s in its checks, 1 passed.</desc>',
    );
  });

  it('draws nothing when no check ran, and stays inert with hostile names', () => {
    expect(renderRunOverview(buildRun([]))).toBe('');
    const html = renderRunOverview(samplePassedRun());
    expect(html).not.toMatch(/<script|onload/);
  });
});
