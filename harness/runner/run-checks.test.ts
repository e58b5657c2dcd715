import { describe, expect, it } from 'vitest';
import { defineCheck, type Check } from '../../suites/define-check.js';
import { groupSideBySide, runChecks, splitLanes, type PlannedCheck } from './run-checks.js';
import { checkOf as check, emptyConfig as config, fakeClient } from './test-support/fake-runner-parts.js';

describe('runChecks', () => {
  it('isolates a throwing and a hanging check and still runs the rest', async () => {
    const { client, sent } = fakeClient();
    const { results } = await runChecks({
      planned: [
        {
          check: check('resources.throws', async (ctx) => {
            ctx.fixtures.track('/customers/1');
            throw new Error('boom\nat stack line');
          }),
        },
        { check: check('resources.hangs', () => new Promise(() => {})) },
        {
          check: check('resources.fails', async (ctx) => {
            await ctx.request({ path: '/customers', note: 'list' });
            return ctx.fail('expected 404, saw 200', { expected: '404', actual: '200' });
          }),
        },
        { check: check('resources.passes', async (ctx) => ctx.pass()) },
        { check: check('resources.not-configured', async (ctx) => ctx.pass()), skipReason: 'no collections' },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client },
      runSeed: 7,
      // Long enough that a stalled machine never turns the passing and failing checks errored.
      checkTimeoutMs: 1000,
      totalRunMs: 10_000,
    });

    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['resources.throws', 'errored'],
      ['resources.hangs', 'errored'],
      ['resources.fails', 'failed'],
      ['resources.passes', 'passed'],
      ['resources.not-configured', 'skipped'],
    ]);
    expect(results[0]).toMatchObject({
      status: 'errored',
      error: { code: 'APICERT_CHECK_CRASHED', message: 'the check crashed: boom' },
    });
    expect(results[1]).toMatchObject({ status: 'errored', error: { code: 'APICERT_CHECK_TIMEOUT' } });
    expect(results[1]?.durationMs).toBeLessThan(3000);
    expect(results[2]).toMatchObject({ message: 'expected 404, saw 200', expected: '404', actual: '200' });
    expect(results[2]?.evidence).toHaveLength(1);
    expect(results[4]).toMatchObject({ message: 'no collections' });
    // The throwing check's record was still deleted.
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['http://127.0.0.1:9/customers/1']);
  });

  it('reports a check that could not finish as errored (incomplete), with the exchanges it made, so its class cannot pass', async () => {
    const { client } = fakeClient();
    const { results } = await runChecks({
      planned: [
        {
          check: check('pagination.walks', async (ctx) => {
            await ctx.request({ path: '/customers', note: 'first page' });
            return ctx.incomplete(
              '/customers: the walk stopped after 2 pages (budgets.maxPagesPerWalk); raise it to judge this list',
            );
          }),
        },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client },
      runSeed: 7,
      checkTimeoutMs: 1000,
      totalRunMs: 10_000,
    });
    expect(results[0]).toMatchObject({
      status: 'errored',
      error: { code: 'APICERT_CHECK_INCOMPLETE', message: expect.stringContaining('budgets.maxPagesPerWalk') },
      message: expect.stringMatching(/^APICERT_CHECK_INCOMPLETE: \/customers: the walk stopped/),
    });
    expect(results[0]?.evidence).toHaveLength(1);
  });

  it('gives each check a seed derived from the run seed, the same on replay', async () => {
    const seen: number[] = [];
    const planned = [
      {
        check: check('resources.random', async (ctx) => {
          seen.push(ctx.random());
          return ctx.pass();
        }),
      },
    ];
    const options = {
      planned,
      environment: { config, baseUrl: 'http://h', client: fakeClient().client },
      checkTimeoutMs: 1000,
      totalRunMs: 1000,
    };
    const first = await runChecks({ ...options, runSeed: 1 });
    await runChecks({ ...options, runSeed: 1 });
    await runChecks({ ...options, runSeed: 2 });
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).not.toBe(seen[2]);
    expect(first.results[0]?.seed).toBeGreaterThanOrEqual(0);
  });

  it('stops starting checks once the total budget is spent', async () => {
    const slow = check('resources.slow', async (ctx) => {
      await ctx.sleep(60);
      return ctx.pass();
    });
    const later = check('resources.later', async (ctx) => ctx.pass());
    const { results, interrupted } = await runChecks({
      planned: [{ check: slow }, { check: later }],
      environment: { config, baseUrl: 'http://h', client: fakeClient().client },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 50,
    });
    expect(results.map((r) => r.status)).toEqual(['errored', 'errored']);
    expect(results[1]).toMatchObject({ status: 'errored', error: { code: 'APICERT_RUN_BUDGET_EXCEEDED' } });
    expect(interrupted).toMatch(/total budget of 50 ms/);
  });
});

describe('check context requests', () => {
  it('never sends the credential to an origin other than the base URL', async () => {
    const { client, sent } = fakeClient();
    await runChecks({
      planned: [
        {
          check: check('resources.follows-link', async (ctx) => {
            await ctx.request({ path: '/customers' });
            await ctx.request({ path: 'http://127.0.0.1:9/customers?after=x' });
            await ctx.request({ path: 'http://elsewhere.example:9/customers?after=x' });
            return ctx.pass();
          }),
        },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 1000,
    });
    expect(sent.map((r) => r.credential)).toEqual(['valid', 'valid', 'none']);
  });
});

describe('suite scope', () => {
  function inSuite(suite: 'pagination' | 'resources', id: string, run: Check['run']): Check {
    return defineCheck({
      id: `${suite}.${id}`,
      suite,
      conformanceClass: 'pagination-cursor',
      rule: '1',
      level: 'normative',
      title: id,
      proves: id,
      run,
    });
  }

  it("shares values and records with the suite's later checks and deletes the records before the next suite", async () => {
    const { client, sent } = fakeClient();
    const deletes = (): string[] => sent.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname);
    const seen: Record<string, unknown> = {};
    await runChecks({
      planned: [
        {
          check: inSuite('pagination', 'first', async (ctx) => {
            ctx.suiteScope.set('pool', ['/customers/1']);
            ctx.suiteScope.fixtures.track('/customers/1');
            ctx.suiteScope.fixtures.track('/customers/2');
            ctx.suiteScope.fixtures.untrack('/customers/2');
            return ctx.pass();
          }),
        },
        {
          check: inSuite('pagination', 'second', async (ctx) => {
            seen.second = ctx.suiteScope.get('pool');
            seen.deletesBeforeSecond = deletes();
            ctx.fixtures.track('/orders/9');
            return ctx.pass();
          }),
        },
        {
          check: inSuite('resources', 'third', async (ctx) => {
            seen.third = ctx.suiteScope.get('pool');
            seen.deletesBeforeThird = deletes();
            return ctx.pass();
          }),
        },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 10_000,
    });
    expect(seen).toEqual({
      second: ['/customers/1'],
      deletesBeforeSecond: [],
      // The check's own record when it ends, then the suite's, before another suite's check runs.
      deletesBeforeThird: ['/orders/9', '/customers/1'],
      third: undefined,
    });
  });

  it("deletes a suite's records when the run budget cut its last check off, and reports what stayed as a run note", async () => {
    const { client: refusing, sent } = fakeClient(() => ({ status: 409 }));
    const { results, notes } = await runChecks({
      planned: [
        {
          check: inSuite('pagination', 'slow', async (ctx) => {
            ctx.suiteScope.fixtures.track('/customers/7');
            // Busy, not sleeping: the run's budget is surely spent when the check returns.
            const until = performance.now() + 40;
            while (performance.now() < until);
            return ctx.pass();
          }),
        },
        { check: inSuite('pagination', 'cut-off', async (ctx) => ctx.pass()) },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client: refusing },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 30,
    });
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['DELETE /customers/7']);
    expect(results.map((r) => (r.status === 'errored' ? r.error.code : r.status))).toEqual([
      'passed',
      'APICERT_RUN_BUDGET_EXCEEDED',
    ]);
    // The shared records belong to the suite, not to whichever of its checks ran last.
    expect(results.flatMap((r) => r.findings)).toEqual([]);
    expect(notes).toEqual([
      {
        level: 'warning',
        suite: 'pagination',
        message: 'clean-up: DELETE /customers/7 answered 409; the record may remain on the target',
      },
    ]);
  });
});

describe('lanes', () => {
  type Suite = 'resources' | 'pagination' | 'webhooks-sender' | 'webhooks-receiver';
  function ofSuite(suite: Suite, id: string, run: Check['run']): Check {
    return defineCheck({
      id: `${suite}.${id}`,
      suite,
      conformanceClass: 'webhooks-sender',
      rule: '1',
      level: 'normative',
      title: id,
      proves: id,
      run,
    });
  }
  const passing = (suite: Suite, id: string): Check => ofSuite(suite, id, async (ctx) => ctx.pass());

  it('puts a suite beside the one it may run alongside, only when that one has a check to run', () => {
    const planned = (senderSkipped: boolean): PlannedCheck[] => [
      { check: passing('resources', 'a') },
      { check: passing('webhooks-sender', 'b'), ...(senderSkipped ? { skipReason: 'no sender' } : {}) },
      { check: passing('webhooks-receiver', 'c'), alongside: ['webhooks-sender'] },
      { check: passing('webhooks-receiver', 'd'), alongside: ['webhooks-sender'] },
    ];
    expect(splitLanes(planned(false))).toEqual({ main: [0, 1], sideLanes: new Map([['webhooks-sender', [2, 3]]]) });
    expect(splitLanes(planned(true))).toEqual({ main: [0, 1, 2, 3], sideLanes: new Map() });
  });

  it("runs consecutive checks of a suite that allows it side by side, reports them in planned order, and deletes the suite's shared records after the last", async () => {
    const log: string[] = [];
    const deleted: string[] = [];
    const waiting = (id: string, ms: number): Check =>
      ofSuite('resources', id, async (ctx) => {
        log.push(`start ${id}`);
        ctx.suiteScope.fixtures.track(`/customers/${id}`);
        await ctx.sleep(ms);
        log.push(`end ${id}`);
        return ctx.pass();
      });
    const { client } = fakeClient((request) =>
      request.method === 'DELETE' ? (deleted.push(request.url), { status: 204 }) : { status: 200 },
    );
    const planned: PlannedCheck[] = [
      { check: waiting('slow', 300), sideBySide: 2 },
      { check: waiting('quick', 5), sideBySide: 2 },
      { check: waiting('third', 5), sideBySide: 2 },
    ];
    expect(groupSideBySide(planned, [0, 1, 2])).toEqual([[0, 1, 2]]);
    const { results } = await runChecks({
      planned,
      environment: { config, baseUrl: 'http://h', client },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 10_000,
    });
    expect(results.map((r) => r.id)).toEqual(['resources.slow', 'resources.quick', 'resources.third']);
    // Two at once: the third started when the quick one ended, before the slow one did.
    expect(log.indexOf('start third')).toBeLessThan(log.indexOf('end slow'));
    expect(log.indexOf('start third')).toBeGreaterThan(log.indexOf('end quick'));
    // The shared records went only once every check of the suite had ended.
    expect(deleted).toHaveLength(3);
  });

  it('keeps a check that runs alone out of the side-by-side runs before and after it', () => {
    const planned: PlannedCheck[] = [
      { check: passing('pagination', 'a'), sideBySide: 4 },
      { check: passing('pagination', 'b'), sideBySide: 4 },
      { check: passing('pagination', 'alone') },
      { check: passing('pagination', 'c'), sideBySide: 4 },
      { check: passing('pagination', 'd'), sideBySide: 4 },
      { check: passing('webhooks-sender', 'e'), sideBySide: 4 },
    ];
    expect(groupSideBySide(planned, [0, 1, 2, 3, 4, 5])).toEqual([[0, 1], [2], [3, 4], [5]]);
  });

  it('puts a suite beside the first of its preferred partners that runs', () => {
    const planned = (resourcesSkipped: boolean): PlannedCheck[] => [
      { check: passing('resources', 'a'), ...(resourcesSkipped ? { skipReason: 'not selected' } : {}) },
      { check: passing('webhooks-sender', 'b') },
      { check: passing('webhooks-receiver', 'c'), alongside: ['resources', 'webhooks-sender'] },
    ];
    expect(splitLanes(planned(false))).toEqual({ main: [0, 1], sideLanes: new Map([['resources', [2]]]) });
    expect(splitLanes(planned(true))).toEqual({ main: [0, 1], sideLanes: new Map([['webhooks-sender', [2]]]) });
  });

  it('runs the side lane while its partner suite runs and reports in planned order', async () => {
    const log: string[] = [];
    const waiting = (suite: Suite, id: string): Check =>
      ofSuite(suite, id, async (ctx) => {
        log.push(`start ${id}`);
        ctx.progress('waiting');
        await ctx.sleep(60);
        log.push(`end ${id}`);
        return ctx.pass();
      });
    const progress: string[] = [];
    const { results } = await runChecks({
      planned: [
        { check: waiting('resources', 'first') },
        { check: waiting('webhooks-sender', 'sender') },
        { check: waiting('webhooks-receiver', 'receiver'), alongside: ['webhooks-sender'] },
      ],
      environment: {
        config,
        baseUrl: 'http://h',
        client: fakeClient().client,
        onProgress: (detail) => progress.push(detail),
      },
      runSeed: 1,
      checkTimeoutMs: 1000,
      totalRunMs: 10_000,
      onCheckStart: (started, total, check) => progress.push(`${started + 1}/${total} ${check.id}`),
    });
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['resources.first', 'passed'],
      ['webhooks-sender.sender', 'passed'],
      ['webhooks-receiver.receiver', 'passed'],
    ]);
    expect(log.slice(0, 2)).toEqual(['start first', 'end first']);
    expect(log.slice(2, 4).sort()).toEqual(['start receiver', 'start sender']);
    // Each of the two started before the other ended: their waits overlapped.
    expect(log.indexOf('start receiver')).toBeLessThan(log.indexOf('end sender'));
    expect(log.indexOf('start sender')).toBeLessThan(log.indexOf('end receiver'));
    expect(progress).toContain('webhooks-receiver.receiver waiting');
    expect(progress.filter((line) => /^\d\/3 /.test(line)).sort()).toEqual([
      '1/3 resources.first',
      '2/3 webhooks-receiver.receiver',
      '3/3 webhooks-sender.sender',
    ]);
  });
});

describe('interrupt', () => {
  it('stops the running check, runs no later one, and still deletes every record made so far', async () => {
    const { client, sent } = fakeClient();
    const interrupt = new AbortController();
    const { results, interrupted } = await runChecks({
      planned: [
        {
          check: defineCheck({
            id: 'pagination.long',
            suite: 'pagination',
            conformanceClass: 'pagination-cursor',
            rule: '1',
            level: 'normative',
            title: 'long',
            proves: 'long',
            run: async (ctx) => {
              ctx.suiteScope.fixtures.track('/customers/1');
              ctx.fixtures.track('/orders/2');
              setTimeout(() => interrupt.abort(), 10);
              await ctx.sleep(5_000);
              return ctx.pass();
            },
          }),
        },
        { check: check('resources.later', async (ctx) => ctx.pass()) },
      ],
      environment: { config, baseUrl: 'http://127.0.0.1:9', client },
      runSeed: 1,
      checkTimeoutMs: 10_000,
      totalRunMs: 10_000,
      interrupt: interrupt.signal,
    });
    expect(results.map((r) => [r.id, r.status, r.status === 'errored' ? r.error.code : undefined])).toEqual([
      ['pagination.long', 'errored', 'APICERT_RUN_INTERRUPTED'],
      ['resources.later', 'errored', 'APICERT_RUN_INTERRUPTED'],
    ]);
    expect(results[0]?.durationMs).toBeLessThan(2_000);
    expect(interrupted).toMatch(/^the run was interrupted/);
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/orders/2',
      '/customers/1',
    ]);
  });
});
