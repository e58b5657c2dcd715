// The checks that judge the end of a list, on lists far longer than a walk, as staging lists are:
// the end is reached by a bounded search and the last pages, on the reference server (new records
// at the end) and on the second server in both orders, and the defects each exists for still fail
// it there.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { DefectName } from '../../reference-server/defects.js';
import type { Check } from '../define-check.js';
import { runOneAgainstReference } from '../test-support/run-against-reference.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { cursorDeepPagesCostTheSame } from './cursor-deep-pages-cost-the-same.js';
import { cursorWalkTerminates } from './cursor-walk-terminates.js';
import { exploredQueries } from './explored-queries.js';
import { invalidParams } from './invalid-params.js';
import { pageMatchesOffset } from './page-matches-offset.js';
import { pageSizeBounds } from './page-size-bounds.js';
import { sameParametersOnEveryList } from './same-parameters-on-every-list.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { offsetWalkComplete } from './offset-walk-complete.js';
import { pageWalkComplete } from './page-walk-complete.js';
import { stableOrder } from './stable-order.js';
import { walkWithinBudget } from './walk-within-budget.js';

const seeded = { server: { seedRecords: { products: 20_000 } } };
// Only the seeded list, so a defect is judged there and not first on a short list.
const onlyProducts = (config: ApicertConfig): ApicertConfig => ({
  ...config,
  collections: config.collections.filter((c) => c.name === 'products'),
});

describe('pagination.walk-within-budget on a list holding 20,000 records', () => {
  it('reaches the end in every style by measuring the list, in a few dozen requests, and passes', async () => {
    const result = await runOneAgainstReference(walkWithinBudget, seeded);
    expect(result.status).toBe('passed');
    const lines = result.findings.map((f) => f.message).filter((m) => m.startsWith('/products ('));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatch(
        /^\/products \((offset|page|cursor), 200\d\d records, measured in \d+ reads; the last [34] pages walked; (\d+) of/,
      );
      expect(Number(/; (\d+) of \d+ requests used/.exec(line)?.[1])).toBeLessThan(200);
    }
    // The last page, by offset and by a cursor taken from the page before the last ones.
    expect(lines.join('\n')).toMatch(/\/products\?offset=200\d\d&limit=5/);
    expect(lines.join('\n')).toMatch(/\/products\?limit=5&after=\S+/);
  });

  it.each([['cursor-cycle'], ['empty-pages-forever']] as const)('still fails with %s', async (defect) => {
    const result = await runOneAgainstReference(walkWithinBudget, {
      ...seeded,
      defects: [defect],
      configure: onlyProducts,
    });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/\/products/);
  });

  it.each(secondServerModeMatrix.slice(0, 2).map((modes) => [modes.order, modes] as const))(
    'passes on the second server listing %s',
    async (_order, modes) => {
      const run = await runOnSecondServer({
        modes,
        checks: [walkWithinBudget.id],
        seedRecords: { products: 20_000 },
      });
      const [check] = run.checks;
      expect(check?.status, check?.status === 'passed' ? '' : JSON.stringify(check)).toBe('passed');
      expect(check!.findings.map((f) => f.message).join('\n')).toMatch(
        /\/products \(cursor, 200\d\d records, measured in/,
      );
    },
  );

  it('leaves a cursor-only list longer than the walk budget incomplete, saying what would let it judge', async () => {
    const result = await runOneAgainstReference(walkWithinBudget, {
      ...seeded,
      configure: (config) => ({
        ...config,
        collections: config.collections.map((c) =>
          c.name === 'products' ? { ...c, pagination: { styles: ['cursor'] } } : c,
        ),
      }),
    });
    expect(result.status).toBe('errored');
    expect(result.message).toMatch(
      /^APICERT_CHECK_INCOMPLETE: \/products: cursor: the walk stopped after 200 pages \(budgets\.maxPagesPerWalk\) with has_more still true; the list offers neither offset nor page style \(pagination\.styles\), through which the kit finds the end of a long list in a few dozen reads; raise the budget/,
    );
  });
});

describe('the checks that judge the end of a list, or the window holding the kit’s records, on 20,000 records', () => {
  const endChecks = [
    cursorWalkTerminates,
    hasMoreAccurate,
    stableOrder,
    offsetWalkComplete,
    pageWalkComplete,
    cursorNoDuplicatesUnderMutation,
    exploredQueries,
    // The checks that read a list's first pages only: no window, and a long list changes nothing.
    pageMatchesOffset,
    sameParametersOnEveryList,
    invalidParams,
    pageSizeBounds,
  ];

  it.each(endChecks.map((check) => [check.id, check] as const))(
    '%s passes, in a bounded number of requests',
    async (_id, check) => {
      let reads = 0;
      // Counts the check's own requests to the long list, as its context saw them.
      const counting: Check = {
        ...check,
        run: async (ctx) => {
          const outcome = await check.run(ctx);
          reads = ctx.exchanges.filter((e) => new URL(e.request.url).pathname === '/products').length;
          return outcome;
        },
      };
      const result = await runOneAgainstReference(counting, { ...seeded, configure: onlyProducts });
      expect(result.status, result.message).toBe('passed');
      expect(reads).toBeGreaterThan(0);
      // The property measures the list again for each of its runs, as the runs' writes move the kit's records.
      const most = check === cursorNoDuplicatesUnderMutation ? 500 : check === exploredQueries ? 400 : 150;
      expect(reads).toBeLessThan(most);
    },
  );

  const defectProofs: readonly (readonly [Check, DefectName])[] = [
    [cursorWalkTerminates, 'cursor-cycle'],
    [cursorWalkTerminates, 'empty-pages-forever'],
    [hasMoreAccurate, 'has-more-wrong-on-full-last-page'],
    [hasMoreAccurate, 'empty-pages-forever'],
    [stableOrder, 'order-without-tie-breaker'],
    [offsetWalkComplete, 'limit-ignored'],
    [pageWalkComplete, 'per-page-ignored'],
    [cursorNoDuplicatesUnderMutation, 'cursor-skips-item'],
    [cursorNoDuplicatesUnderMutation, 'cursor-repeats-last-item'],
    [cursorNoDuplicatesUnderMutation, 'cursor-restarts-when-anchor-deleted'],
    [cursorNoDuplicatesUnderMutation, 'cursor-encodes-offset'],
    [cursorNoDuplicatesUnderMutation, 'order-without-tie-breaker'],
    [exploredQueries, '500-past-the-end'],
    [exploredQueries, 'page-past-end-repeats-last-page'],
    [exploredQueries, 'has-more-wrong-on-full-last-page'],
    [exploredQueries, 'zero-based-pages'],
    // On a long list the windows begin a page early (others' deletes ahead of them move the kit's
    // records up), so a pager that skips or shifts a page is caught where the first pages are compared.
    [pageMatchesOffset, 'zero-based-pages'],
    [pageMatchesOffset, 'offset-page-mismatch'],
    [sameParametersOnEveryList, 'limit-ignored'],
    [invalidParams, '500-on-invalid-params'],
    [pageSizeBounds, 'no-max-page-size'],
    [pageSizeBounds, 'no-default-page-size'],
  ];

  it.each(defectProofs.map(([check, defect]) => [check.id, defect, check] as const))(
    '%s still fails with %s',
    async (_id, defect, check) => {
      const result = await runOneAgainstReference(check, { ...seeded, defects: [defect], configure: onlyProducts });
      expect(result.status, result.message).toBe('failed');
    },
  );

  it.each(secondServerModeMatrix.slice(0, 2).map((modes) => [modes.order, modes] as const))(
    'all pass on the second server listing %s, the kit’s records at the tail or the head',
    async (_order, modes) => {
      const run = await runOnSecondServer({
        modes,
        checks: endChecks.map((check) => check.id),
        seedRecords: { products: 20_000 },
      });
      expect(run.checks.map((check) => `${check.id}: ${check.status}`).sort()).toEqual(
        endChecks.map((check) => `${check.id}: passed`).sort(),
      );
      // Oldest first puts the kit's records at the tail, newest first at the head.
      const order = run.checks.find((check) => check.id === stableOrder.id)!;
      const where = modes.order === 'newest-first' ? 'head' : 'tail';
      expect(order.findings.map((f) => f.message)).toContainEqual(
        `/products (offset): longer than a walk; read twice at its ${where}, where the kit's records are`,
      );
    },
  );
});

describe('pagination.cursor.deep-pages-cost-the-same on a list holding 20,000 records', () => {
  it('times a cursor page near the end of the list, reached from the page before it, not a walk from the first', async () => {
    const result = await runOneAgainstReference(cursorDeepPagesCostTheSame, { ...seeded, configure: onlyProducts });
    expect(result.status, result.message).toBe('passed');
    const lines = result.findings.map((f) => f.message).join('\n');
    expect(lines).toMatch(/\/products: 200\d\d records, measured in \d+ reads; the cursor page 200\d\d items deep/);
    expect(lines).toMatch(/\/products: first page [\d.]+ ms, page 200\d\d items deep/);
  });

  it('still advises on slow-deep-pages, the depth now the list’s own', async () => {
    const result = await runOneAgainstReference(cursorDeepPagesCostTheSame, {
      defects: ['slow-deep-pages'],
      configure: onlyProducts,
      server: { seedRecords: { products: 20_000 }, defectTuning: { slowDeepPageMsPerItem: 0.002 } },
    });
    expect(result.status, result.message).toBe('passed');
    expect(result.findings.find((f) => f.level === 'advisory')?.message).toMatch(
      /page 200\d\d items deep.*deep cursor pages cost more/,
    );
  });
});
