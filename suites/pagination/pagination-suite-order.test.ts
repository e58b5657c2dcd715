// The suite's checks share the kit's records; a check that comes late in the suite judges records
// earlier checks made, and must still catch its defect (check-proofs.test.ts proves each check alone).
import { describe, expect, it } from 'vitest';
import { suites as registry } from '../index.js';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
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
      const results = await runAgainstReference(upTo, {
        defects: [defect],
        configure: withSmallFixtureCap,
        checkTimeoutMs: 30_000,
      });
      const result = results.find((r) => r.id === check.id);
      expect(result?.status, result?.message).toBe('failed');
      expect(result?.message).toMatch(message.fails);
    },
    60_000,
  );
});

describe('deep cursor pages after page-size-bounds', () => {
  // The requests each check sent, by check, method, path (a nested list's by its configured path) and, for reads, note.
  const countingRequests =
    (counts: Record<string, number>) =>
    (check: Check): Check => ({
      ...check,
      run: async (ctx) => {
        const outcome = await check.run(ctx);
        for (const e of ctx.exchanges) {
          const { method, url } = e.request;
          const key = `${check.id} ${method} ${new URL(url).pathname.replace(/^\/customers\/[^/]+\//, '/customers/{id}/')}${method === 'GET' ? ` ${e.note ?? ''}` : ''}`;
          counts[key] = (counts[key] ?? 0) + 1;
        }
        return outcome;
      },
    });
  const checksAfterBounds = [pageSizeBounds, cursorDeepPagesCostTheSame, exploredQueries];
  const deepWalk = 'walk to the deepest page to time it';
  const orderWalk = 'take the list order once';

  // /orders holds few records of its own but shows the nested list's: it makes none, and its walks
  // take as few pages as another list's.
  const expectOrdersLeanOnNestedList = (counts: Record<string, number>, nestedGrownBy: number) => {
    expect(counts[`${pageSizeBounds.id} POST /customers/{id}/orders`]).toBe(nestedGrownBy);
    expect(counts[`${pageSizeBounds.id} POST /orders`]).toBeUndefined();
    expect(counts[`${cursorDeepPagesCostTheSame.id} POST /orders`]).toBeUndefined();
    expect(counts[`${cursorDeepPagesCostTheSame.id} GET /orders ${deepWalk}`]).toBeLessThanOrEqual(
      counts[`${cursorDeepPagesCostTheSame.id} GET /products ${deepWalk}`]! + 1,
    );
    expect(counts[`${exploredQueries.id} GET /orders ${orderWalk}`]).toBeLessThanOrEqual(
      counts[`${exploredQueries.id} GET /products ${orderWalk}`]! + 1,
    );
  };

  it("makes no /orders records where the nested list's records already make /orders deep enough", async () => {
    const counts: Record<string, number> = {};
    const results = await runAgainstReference(checksAfterBounds.map(countingRequests(counts)), {
      checkTimeoutMs: 30_000,
    });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    // page-size-bounds grew the nested list to 101 orders, which /orders lists too; the deep page
    // needs 50 records (ten pages of the walk size, 5).
    expectOrdersLeanOnNestedList(counts, 101);
  }, 60_000);

  it('does the same on the second server, whose maximum page size is 50', async () => {
    const counts: Record<string, number> = {};
    const pagination = registry.find((suite) => suite.name === 'pagination')!;
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix.find((candidate) => candidate.overMax === 'clamp')!,
      registry: [{ ...pagination, checks: checksAfterBounds.map(countingRequests(counts)) }],
    });
    expect(run.checks.map((check) => `${check.id} ${check.status}`)).toEqual(
      checksAfterBounds.map((check) => `${check.id} passed`),
    );
    expectOrdersLeanOnNestedList(counts, 51);
  }, 60_000);

  // page-size-bounds found the maximum of 100, so the walk to the deep end goes in pages of up to 100:
  // a request or two per list instead of ten, and the timed page is deeper.
  it.each([
    ['advises on', ['slow-deep-pages'] as DefectName[]],
    ['passes', [] as DefectName[]],
  ])(
    '%s a server whose deep pages are slow, reaching them in pages of the maximum found',
    async (_what, defects) => {
      const results = await runAgainstReference([pageSizeBounds, cursorDeepPagesCostTheSame], {
        defects,
        configure: withSmallFixtureCap,
        checkTimeoutMs: 30_000,
      });
      const deep = results.find((r) => r.id === cursorDeepPagesCostTheSame.id);
      expect(deep?.status, deep?.message).toBe('passed');
      // Per cursor list (four in the example config): a walk of up to four pages (two strides to the
      // deep end, its last page and the empty end), five first, three halfway and five deep reads, then
      // two rounds of first, halfway and deep reads by offset and by page number for the chart; and,
      // run alone, the seven reads that find which styles the list offers (find-styles.ts).
      expect(deep?.coverage?.requests).toBeLessThanOrEqual(4 * (30 + 7));
      const summaries = (deep?.findings ?? []).map((f) => f.message).join('\n');
      expect(summaries).toMatch(/^\/customers: first page [\d.]+ ms, page 9\d items deep/m);
      const advice = (deep?.findings ?? []).filter((f) => f.level === 'advisory').map((f) => f.message);
      if (defects.length > 0)
        expect(advice.join('\n')).toMatch(
          /^\/customers: first page [\d.]+ ms, page \d{2,} items deep [\d.]+ ms .*deepPageRatioWarn=3/m,
        );
      else expect(advice).toEqual([]);
    },
    60_000,
  );
});
