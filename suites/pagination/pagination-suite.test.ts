// The pagination suite beyond its proofs (check-proofs.test.ts): the checks share records and report
// what they walked; choices the convention leaves open are accepted by default and enforced once
// pinned; budgets, styles, seeds and the evidence of a property failure behave as the README says.
import { describe, expect, it } from 'vitest';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { DefectName } from '../../reference-server/defects.js';
import { defineCheck, type Check } from '../define-check.js';
import { withSmallFixtureCap } from '../test-support/proof-run-options.js';
import { runAgainstReference, runOneAgainstReference } from '../test-support/run-against-reference.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { cursorWalkTerminates } from './cursor-walk-terminates.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { paginationChecks } from './index.js';
import { invalidParams } from './invalid-params.js';
import { offsetWalkComplete } from './offset-walk-complete.js';
import { exploredQueries } from './explored-queries.js';
import { pageMatchesOffset } from './page-matches-offset.js';
import { pageSizeBounds } from './page-size-bounds.js';
import { walkWithinBudget } from './walk-within-budget.js';

type PaginationPin = Partial<ApicertConfig['pagination']>;

/** The records page-size-bounds added to each list, from its findings, nested lists by their configured path. */
const recordsAdded = (findings: readonly { readonly message: string }[]): Record<string, number> =>
  Object.fromEntries(
    findings
      .map((f) => /^(\S+): default page size .*; (\d+) records? added/.exec(f.message))
      .filter((m) => m !== null)
      .map((m) => [m[1]!.replace(/^\/customers\/[^/]+\//, '/customers/{id}/'), Number(m[2])]),
  );

function pin(pagination: PaginationPin, budgets: Partial<ApicertConfig['budgets']> = {}) {
  return (config: ApicertConfig): ApicertConfig => ({
    ...config,
    pagination: { ...config.pagination, fixtureCap: 120, ...pagination },
    budgets: { ...config.budgets, ...budgets },
  });
}

describe('pagination suite against the clean reference server', () => {
  it('covers the five pagination conformance classes', () => {
    expect(new Set(paginationChecks.map((check) => check.conformanceClass))).toEqual(
      new Set([
        'pagination-cursor',
        'pagination-offset',
        'pagination-page',
        'pagination-bounds',
        'pagination-consistency',
      ]),
    );
  });

  it("shares the kit's records between checks: a later check creates none where an earlier one made enough", async () => {
    const creates: Record<string, number> = {};
    const countingCreates = (check: Check): Check => ({
      ...check,
      run: async (ctx) => {
        const outcome = await check.run(ctx);
        creates[check.id] = ctx.exchanges.filter((e) => e.request.method === 'POST').length;
        return outcome;
      },
    });
    const results = await runAgainstReference([cursorWalkTerminates, walkWithinBudget].map(countingCreates));
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    // 11 records on each of the 4 lists, plus the nested list's parent and the orders' customer.
    expect(creates).toEqual({ [cursorWalkTerminates.id]: 4 * 11 + 2, [walkWithinBudget.id]: 0 });
  });

  it('reports the exact page URLs it walked, nested lists included', async () => {
    const result = await runOneAgainstReference(walkWithinBudget);
    const walked = result.findings.map((f) => f.message).join('\n');
    expect(walked).toMatch(/\/customers\?limit=5&after=\S+/);
    expect(walked).toMatch(/\/customers\/cus_\w+\/orders\?page=2&per_page=5/);
    expect(walked).toMatch(/\/products\?offset=10&limit=5/);
  });

  it('discovers the default and maximum page size of each list', async () => {
    const result = await runOneAgainstReference(pageSizeBounds, { configure: pin({}) });
    expect(result.status).toBe('passed');
    expect(result.findings.map((f) => f.message)).toContainEqual(
      '/products: default page size 20, limit maximum 100 (clamped above it), per_page maximum 100 (clamped above it); 101 records added to see them',
    );
  });

  it('grows a nested list before the list that shows its records too, which then needs none of its own', async () => {
    const result = await runOneAgainstReference(pageSizeBounds, { configure: pin({}) });
    expect(result.status, result.message).toBe('passed');
    const added = recordsAdded(result.findings);
    // /customers holds the nested list's parent and the orders' customer already.
    expect(added).toEqual({ '/customers': 99, '/customers/{id}/orders': 101, '/orders': 0, '/products': 101 });
  });

  it('grows the nested list first on the second server too, where the maximum is 50', async () => {
    const run = await runOnSecondServer({
      modes: secondServerModeMatrix.find((candidate) => candidate.overMax === 'clamp')!,
      checks: [pageSizeBounds.id],
    });
    const [result] = run.checks;
    expect(result?.status, result?.status === 'failed' ? result.message : undefined).toBe('passed');
    expect(recordsAdded(result?.findings ?? [])).toEqual({
      '/customers': 49,
      '/customers/{id}/orders': 51,
      '/orders': 0,
      '/products': 51,
    });
  });

  it("compares pages as far as the last one, on /orders too, which also shows the nested list's records", async () => {
    const result = await runOneAgainstReference(pageMatchesOffset);
    expect(result.status).toBe('passed');
    // Every list holds 11 of the kit's records; /orders shows the nested list's 11 as well.
    const rows = (style: string) =>
      (result.charts ?? [])
        .filter((chart) => chart.kind === 'walk' && chart.list === '/orders' && chart.style === style)
        .flatMap((chart) => (chart.kind === 'walk' ? chart.pages.flatMap((page) => page.ids) : []));
    expect(rows('offset')).toHaveLength(22);
    expect(rows('page')).toHaveLength(22);
  });

  it('reports offset instability under mutation as information, never as a failure', async () => {
    const result = await runOneAgainstReference(offsetWalkComplete);
    expect(result.status).toBe('passed');
    expect(
      result.findings.some(
        (f) => f.level === 'info' && /under mutation .*never listed .*as convention 4\.2\/1 allows/.test(f.message),
      ),
    ).toBe(true);
  });
});

describe('choices the convention leaves open', () => {
  const accepted: ReadonlyArray<readonly [Check, DefectName, PaginationPin]> = [
    [invalidParams, 'invalid-params-ignored', { invalidParams: 'reject' }],
    [pageSizeBounds, 'over-max-rejected', { overMaxPolicy: 'clamp' }],
    [hasMoreAccurate, 'last-page-cursor-absent', { lastPageCursor: 'null' }],
  ];

  it.each(accepted.map(([check, defect, pinned]) => [check.id, defect, pinned, check] as const))(
    '%s accepts %s by default and fails once %j is pinned',
    async (_id, defect, pinned, check) => {
      expect((await runOneAgainstReference(check, { defects: [defect], configure: pin({}) })).status).toBe('passed');
      const result = await runOneAgainstReference(check, { defects: [defect], configure: pin(pinned) });
      expect(result.status, result.message).toBe('failed');
      expect(result.message).toContain(Object.keys(pinned)[0]);
    },
  );

  it('passes a service that refuses sizes above the maximum and ignores invalid parameters: a huge size then gets the default page, which is no maximum', async () => {
    const results = await runAgainstReference([pageSizeBounds, exploredQueries], {
      defects: ['invalid-params-ignored', 'over-max-rejected'],
      configure: withSmallFixtureCap,
      checkTimeoutMs: 30_000,
    });
    expect(results.map((result) => `${result.id} ${result.status} ${result.message ?? ''}`)).toEqual([
      `${pageSizeBounds.id} passed `,
      `${exploredQueries.id} passed `,
    ]);
    expect(
      results[0]!.findings.some((finding) =>
        /limit=1000000 got 20 items but limit=21 got 21, so 20 is not its maximum/.test(finding.message),
      ),
    ).toBe(true);
  });

  it('verifies stated page-size bounds instead of discovering them', async () => {
    expect(
      (await runOneAgainstReference(pageSizeBounds, { configure: pin({ defaultPageSize: 20, maxPageSize: 100 }) }))
        .status,
    ).toBe('passed');
    expect((await runOneAgainstReference(pageSizeBounds, { configure: pin({ maxPageSize: 50 }) })).message).toContain(
      'pagination.maxPageSize is 50',
    );
    expect(
      (await runOneAgainstReference(pageSizeBounds, { configure: pin({ defaultPageSize: 10 }) })).message,
    ).toContain('pagination.defaultPageSize is 10');
    const refused = await runOneAgainstReference(pageSizeBounds, {
      defects: ['over-max-rejected'],
      configure: pin({ maxPageSize: 100 }),
    });
    expect(refused.status).toBe('passed');
  });

  it('pins a bounded page for invalid parameters, which the clean server refuses with 400', async () => {
    const result = await runOneAgainstReference(invalidParams, { configure: pin({ invalidParams: 'bounded-page' }) });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/answered 400, but pagination.invalidParams asks for a bounded page/);
  });
});

describe('styles and budgets', () => {
  it('skips the lists that do not support a style, saying why', async () => {
    const cursorOnly = (config: ApicertConfig): ApicertConfig => ({
      ...config,
      collections: config.collections.map((c) => ({
        ...c,
        pagination: { styles: ['cursor'] },
        related: c.related.map((r) => ({ ...r, pagination: { styles: ['cursor'] } })),
      })),
    });
    const offset = await runOneAgainstReference(offsetWalkComplete, { configure: cursorOnly });
    expect(offset.status).toBe('skipped');
    expect(offset.message).toContain('/customers/{id}/orders supports none of offset (pagination.styles)');

    const onlyProductsPaged = (config: ApicertConfig): ApicertConfig => ({
      ...config,
      collections: config.collections.map((c) =>
        c.name === 'products' ? c : { ...c, pagination: { styles: ['cursor'] }, related: [] },
      ),
    });
    const partly = await runOneAgainstReference(offsetWalkComplete, { configure: onlyProductsPaged });
    expect(partly.status).toBe('passed');
    expect(partly.findings.map((f) => f.message)).toContain(
      'not judged: /customers supports none of offset (pagination.styles)',
    );
  });

  it('stops a walk at budgets.maxPagesPerWalk and reports the check incomplete: errored, neither failed nor passed', async () => {
    const result = await runOneAgainstReference(walkWithinBudget, { configure: pin({}, { maxPagesPerWalk: 2 }) });
    expect(result.status).toBe('errored');
    expect(result.error?.code).toBe('APICERT_CHECK_INCOMPLETE');
    expect(result.message).toMatch(
      /^APICERT_CHECK_INCOMPLETE: .*stopped after 2 pages \(budgets\.maxPagesPerWalk\).*; raise the budget/,
    );
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.every((f) => f.message.includes('2 page(s) walked'))).toBe(true);
  });

  it('stops at budgets.requestsPerList and says so, errored as incomplete', async () => {
    const result = await runOneAgainstReference(cursorWalkTerminates, { configure: pin({}, { requestsPerList: 2 }) });
    expect(result.status).toBe('errored');
    expect(result.error?.code).toBe('APICERT_CHECK_INCOMPLETE');
    expect(result.message).toContain('request budget for this list ran out (budgets.requestsPerList)');
  });

  it('catches a cursor cycle within a few pages, however large the page budget', async () => {
    const result = await runOneAgainstReference(cursorWalkTerminates, {
      defects: ['cursor-cycle'],
      configure: pin({}, { maxPagesPerWalk: 10_000 }),
    });
    expect(result.status).toBe('failed');
    expect(result.evidence.filter((e) => e.request.method === 'GET')).toHaveLength(3);
  });
});

describe('the mutation property', () => {
  it('fails with the shrunk writes, the pages, the seed and a replay path', async () => {
    const result = await runOneAgainstReference(cursorNoDuplicatesUnderMutation, {
      defects: ['cursor-restarts-when-anchor-deleted'],
      seed: 42,
    });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/listed .* twice after: after page \d: delete the anchor/);
    expect(result.message).toContain(`seed ${result.seed}`);
    expect(result.replayPath).toMatch(/^\d+(:\d+)*$/);
    const counterexample = result.counterexample as {
      writes: string[];
      pages: { url: string; ids: string[] }[];
      foundAfterRuns: number;
    };
    expect(counterexample.writes).toHaveLength(1);
    expect(counterexample.pages.length).toBeGreaterThan(1);
    expect(counterexample.foundAfterRuns).toBeLessThanOrEqual(5);
    expect(result.evidence.some((e) => e.request.method === 'DELETE')).toBe(true);
  });

  it('ignores records others insert and delete during the walk', async () => {
    // Another client keeps writing to /customers while the property runs: its records come and go
    // around the kit's, and must never be held against the target.
    let foreignDeletes = 0;
    const withForeignWrites = defineCheck({
      ...cursorNoDuplicatesUnderMutation,
      async run(ctx) {
        const foreign: string[] = [];
        const write = async (): Promise<void> => {
          const made = await ctx.request({
            method: 'POST',
            path: '/customers',
            json: { name: 'Other', email: `other.${foreign.length}.${Date.now()}@example.com` },
          });
          const id = (made.json as { id: string }).id;
          ctx.fixtures.track(`/customers/${id}`);
          foreign.push(id);
        };
        for (let index = 0; index < 8; index += 1) await write();
        let isRunning = true;
        const churn = (async () => {
          for (let round = 0; isRunning && round < 500; round += 1) {
            const victim = foreign.shift();
            if (victim !== undefined) {
              await ctx.request({ method: 'DELETE', path: `/customers/${victim}` });
              ctx.fixtures.untrack(`/customers/${victim}`);
              foreignDeletes += 1;
            }
            await write();
          }
        })();
        try {
          return await cursorNoDuplicatesUnderMutation.run(ctx);
        } finally {
          isRunning = false;
          await churn;
        }
      },
    });
    const result = await runOneAgainstReference(withForeignWrites, { checkTimeoutMs: 30_000 });
    expect(result.status, result.message).toBe('passed');
    expect(foreignDeletes).toBeGreaterThan(20);
  }, 40_000);

  it('ends as errored, not failed, when the connection breaks during a run', async () => {
    const withBrokenConnection = defineCheck({
      ...cursorNoDuplicatesUnderMutation,
      run(ctx) {
        let sent = 0;
        return cursorNoDuplicatesUnderMutation.run({
          ...ctx,
          request: (request) => (++sent > 60 ? Promise.reject(new Error('socket hang up')) : ctx.request(request)),
        });
      },
    });
    const result = await runOneAgainstReference(withBrokenConnection);
    expect(result.status).toBe('errored');
    expect(result.message).toContain('socket hang up');
  });

  // The fixed runs come first whatever the seed: the three of them alone find every known way a
  // cursor breaks, so pagination.propertyRuns buys exploration, not the known cases.
  it.each([
    'cursor-restarts-when-anchor-deleted',
    'cursor-encodes-offset',
    'cursor-skips-item',
    'order-without-tie-breaker',
  ] as const)('finds %s within its three fixed runs, whatever the seed', async (defect) => {
    for (const seed of [1, 2, 3]) {
      const result = await runOneAgainstReference(cursorNoDuplicatesUnderMutation, {
        defects: [defect],
        seed,
        configure: pin({ propertyRuns: 3 }),
      });
      expect(result.status, `seed ${seed}`).toBe('failed');
      expect((result.counterexample as { foundAfterRuns: number }).foundAfterRuns).toBeLessThanOrEqual(3);
    }
  });

  it('replays the same counterexample from the same seed', async () => {
    const writesOf = async () => {
      const result = await runOneAgainstReference(cursorNoDuplicatesUnderMutation, {
        defects: ['cursor-encodes-offset'],
        seed: 7,
      });
      const counterexample = result.counterexample as { writes: string[] };
      return [result.replayPath, counterexample.writes.map((w) => w.replace(/ → \S+/, ''))];
    };
    expect(await writesOf()).toEqual(await writesOf());
  });
});
