// The suite's checks share the kit's records; a check that comes late in the suite judges records
// earlier checks made, and must still catch its defect (check-proofs.test.ts proves each check alone).
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../../reference-server/defects.js';
import type { Check } from '../define-check.js';
import { proofMessages } from '../test-support/proof-messages.js';
import { withSmallFixtureCap } from '../test-support/proof-run-options.js';
import { runAgainstReference } from '../test-support/run-against-reference.js';
import { cursorDeepPagesCostTheSame } from './cursor-deep-pages-cost-the-same.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { exploredQueries } from './explored-queries.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { paginationChecks } from './index.js';
import { pageMatchesOffset } from './page-matches-offset.js';
import { pageSizeBounds } from './page-size-bounds.js';
import { stableOrder } from './stable-order.js';

const lateProofs: ReadonlyArray<readonly [Check, DefectName]> = [
  [stableOrder, 'order-without-tie-breaker'],
  [pageMatchesOffset, 'offset-page-mismatch'],
  [hasMoreAccurate, 'has-more-wrong-on-full-last-page'],
  [cursorNoDuplicatesUnderMutation, 'cursor-encodes-offset'],
  [pageSizeBounds, 'no-max-page-size'],
  // Last in the suite, on lists page-size-bounds grew past the maximum: the sizes around it are drawn too.
  [exploredQueries, 'page-past-end-repeats-last-page'],
];

describe('pagination proofs in suite order, on records earlier checks made', () => {
  it.each(lateProofs.map(([check, defect]) => [check.id, defect, check] as const))(
    '%s still fails with %s',
    async (_id, defect, check) => {
      const message = proofMessages[check.id]?.[defect];
      if (message === undefined || !('fails' in message)) throw new Error(`${check.id} names no failure for ${defect}`);
      const upTo = paginationChecks.slice(0, paginationChecks.indexOf(check) + 1);
      const results = await runAgainstReference(upTo, { defects: [defect], configure: withSmallFixtureCap, checkTimeoutMs: 30_000 });
      const result = results.find((r) => r.id === check.id);
      expect(result?.status, result?.message).toBe('failed');
      expect(result?.message).toMatch(message.fails);
    },
    60_000,
  );
});

describe('deep cursor pages after page-size-bounds', () => {
  // page-size-bounds found the maximum of 100, so the walk to the deep end goes in pages of up to 100:
  // a request or two per list instead of ten, and the timed page is deeper.
  it.each([
    ['advises on', ['slow-deep-pages'] as DefectName[]],
    ['passes', [] as DefectName[]],
  ])('%s a server whose deep pages are slow, reaching them in pages of the maximum found', async (_what, defects) => {
    const results = await runAgainstReference([pageSizeBounds, cursorDeepPagesCostTheSame], { defects, configure: withSmallFixtureCap, checkTimeoutMs: 30_000 });
    const deep = results.find((r) => r.id === cursorDeepPagesCostTheSame.id);
    expect(deep?.status, deep?.message).toBe('passed');
    // Per cursor list (four in the example config): a walk of up to four pages (two strides to the
    // deep end, its last page and the empty end), five first, three halfway and five deep reads, then
    // two rounds of first, halfway and deep reads by offset and by page number for the chart.
    expect(deep?.coverage?.requests).toBeLessThanOrEqual(4 * 30);
    const summaries = (deep?.findings ?? []).map((f) => f.message).join('\n');
    expect(summaries).toMatch(/^\/customers: first page [\d.]+ ms, page 9\d items deep/m);
    const advice = (deep?.findings ?? []).filter((f) => f.level === 'advisory').map((f) => f.message);
    if (defects.length > 0) expect(advice.join('\n')).toMatch(/^\/customers: first page [\d.]+ ms, page \d{2,} items deep [\d.]+ ms .*deepPageRatioWarn=3/m);
    else expect(advice).toEqual([]);
  }, 60_000);
});
