// Every pagination check, proven to fail: each pagination defect switch of the reference server is
// caught by the check named beside it, with a one-line message, evidence and curl lines.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { DefectName } from '../../reference-server/defects.js';
import type { Check } from '../define-check.js';
import { runAgainstReference, runOneAgainstReference } from '../test-support/run-against-reference.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { cursorWalkTerminates } from './cursor-walk-terminates.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { paginationChecks } from './index.js';
import { invalidParams } from './invalid-params.js';
import { offsetWalkComplete } from './offset-walk-complete.js';
import { pageMatchesOffset } from './page-matches-offset.js';
import { pageSizeBounds } from './page-size-bounds.js';
import { pageWalkComplete } from './page-walk-complete.js';
import { sameParametersOnEveryList } from './same-parameters-on-every-list.js';
import { stableOrder } from './stable-order.js';
import { walkWithinBudget } from './walk-within-budget.js';

// The bounds check creates records until it sees the bound or reaches the cap: a smaller cap keeps
// the "no bound" cases fast while 101 records still show the clean server's maximum of 100.
const smallCap = (config: ApicertConfig): ApicertConfig => ({ ...config, pagination: { ...config.pagination, fixtureCap: 120 } });

const proofs: ReadonlyArray<readonly [Check, DefectName, RegExp]> = [
  [cursorNoDuplicatesUnderMutation, 'cursor-skips-item', /never listed/],
  [cursorNoDuplicatesUnderMutation, 'cursor-repeats-last-item', /twice/],
  [cursorNoDuplicatesUnderMutation, 'cursor-restarts-when-anchor-deleted', /twice/],
  [cursorNoDuplicatesUnderMutation, 'cursor-encodes-offset', /never listed/],
  [cursorNoDuplicatesUnderMutation, 'order-without-tie-breaker', /never listed|twice|already followed|went back/],
  [stableOrder, 'order-without-tie-breaker', /different order/],
  [stableOrder, 'zero-based-pages', /never listed .* while nothing changed/],
  [pageSizeBounds, 'no-max-page-size', /no maximum page size/],
  [pageSizeBounds, 'no-default-page-size', /no default page size/],
  [pageSizeBounds, 'nested-list-ignores-limit', /\/customers\/[^/]+\/orders.*no default page size/],
  [sameParametersOnEveryList, 'nested-list-ignores-limit', /\/customers\/[^/]+\/orders: limit=2 is not honoured/],
  [pageWalkComplete, 'zero-based-pages', /never listed/],
  [pageMatchesOffset, 'zero-based-pages', /page=1&per_page=5 lists/],
  [pageWalkComplete, 'per-page-ignored', /per_page=5 was not honoured/],
  [pageMatchesOffset, 'per-page-ignored', /per_page=5 was not honoured/],
  [offsetWalkComplete, 'limit-ignored', /limit=5 was not honoured/],
  [pageMatchesOffset, 'limit-ignored', /limit=5 was not honoured/],
  [sameParametersOnEveryList, 'limit-ignored', /limit=2 is not honoured/],
  [pageWalkComplete, 'offset-page-mismatch', /never listed/],
  [pageMatchesOffset, 'offset-page-mismatch', /page=2&per_page=5 lists/],
  [hasMoreAccurate, 'has-more-wrong-on-full-last-page', /said has_more true, but the next page .* was empty/],
  [invalidParams, '500-on-invalid-params', /answered 500/],
  [cursorWalkTerminates, 'cursor-cycle', /already followed/],
  [cursorWalkTerminates, 'empty-pages-forever', /has_more true but held no items/],
  [walkWithinBudget, 'cursor-cycle', /already followed/],
  [walkWithinBudget, 'empty-pages-forever', /has_more true but held no items/],
  [hasMoreAccurate, 'empty-pages-forever', /has_more true but held no items/],
];

describe('pagination checks against the reference server with a defect switched on', () => {
  it.each(proofs.map(([check, defect, pattern]) => [check.id, defect, check, pattern] as const))(
    '%s fails with %s',
    async (_id, defect, check, pattern) => {
      const result = await runOneAgainstReference(check, { defects: [defect], configure: smallCap });
      expect(result.status, result.message).toBe('failed');
      expect(result.message).toMatch(pattern);
      expect(result.message).not.toMatch(/\n/);
      expect(result.evidence.length).toBeGreaterThan(0);
      expect(result.evidence.every((exchange) => exchange.curl?.startsWith('curl '))).toBe(true);
    },
  );
});

// The suite's checks share the kit's records; a check that comes late in the suite judges records
// earlier checks made, and must still catch its defect.
const lateProofs = proofs.filter(([check, defect]) =>
  [
    [stableOrder.id, 'order-without-tie-breaker'],
    [pageMatchesOffset.id, 'offset-page-mismatch'],
    [hasMoreAccurate.id, 'has-more-wrong-on-full-last-page'],
    [cursorNoDuplicatesUnderMutation.id, 'cursor-encodes-offset'],
    [pageSizeBounds.id, 'no-max-page-size'],
  ].some(([id, name]) => id === check.id && name === defect),
);

describe('the same proofs in suite order, on records earlier checks made', () => {
  it.each(lateProofs.map(([check, defect, pattern]) => [check.id, defect, check, pattern] as const))(
    '%s still fails with %s',
    async (_id, defect, check, pattern) => {
      const upTo = paginationChecks.slice(0, paginationChecks.indexOf(check) + 1);
      const results = await runAgainstReference(upTo, { defects: [defect], configure: smallCap, checkTimeoutMs: 30_000 });
      const result = results.find((r) => r.id === check.id);
      expect(result?.status, result?.message).toBe('failed');
      expect(result?.message).toMatch(pattern);
    },
    60_000,
  );
});
