// What happens to a check's records when it ends, however it ends: deleted newest first, with a
// warning for what could not be, and with care for creates still unanswered when it was stopped.
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../http/http-types.js';
import { runChecks } from './run-checks.js';
import { checkOf, describeSent, emptyConfig as config, fakeClient } from './test-support/fake-runner-parts.js';

const trackingMany = (count: number) =>
  checkOf('resources.many-records', async (ctx) => {
    for (let i = 1; i <= count; i += 1) ctx.fixtures.track(`/customers/${i}`);
    return ctx.pass();
  });

const run = (client: HttpClient, extra: { checkTimeoutMs?: number; interrupt?: AbortSignal } = {}) => ({
  environment: { config, baseUrl: 'http://127.0.0.1:9', client },
  runSeed: 1,
  checkTimeoutMs: extra.checkTimeoutMs ?? 1000,
  totalRunMs: 10_000,
  ...(extra.interrupt !== undefined ? { interrupt: extra.interrupt } : {}),
});

describe('clean-up when a check ends', () => {
  it('stops deleting once a batch brings failures in a row to three, and says which records may remain', async () => {
    const { client, sent } = fakeClient(() => {
      throw new Error('connection reset');
    });
    const { results } = await runChecks({ planned: [{ check: trackingMany(6) }], ...run(client) });
    // The first batch of four siblings fails; the rest are not tried.
    expect(sent).toHaveLength(4);
    expect(results[0]?.findings.at(-1)?.message).toMatch(
      /clean-up stopped after 4 failed deletes in a row; 2 records may remain: \/customers\/2, \/customers\/1$/,
    );
  });

  it('stops after ten refused deletes in a row with one line naming what may remain', async () => {
    const { client, sent } = fakeClient(() => ({ status: 403 }));
    const { results } = await runChecks({ planned: [{ check: trackingMany(30) }], ...run(client) });
    // Batches of four: the stop comes after the batch that reaches ten.
    expect(sent).toHaveLength(12);
    const messages = results[0]!.findings.map((f) => f.message);
    expect(messages.filter((m) => m.includes('answered 403'))).toHaveLength(12);
    expect(messages.at(-1)).toMatch(
      /^clean-up stopped after 12 refused deletes in a row; 18 records may remain: \/customers\/18, /,
    );
  });
});

describe('a check stopped mid-create', () => {
  it('warns that a record may remain when the check timed out with a create unanswered', async () => {
    const hanging: HttpClient = {
      send: (request) =>
        new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      async close() {},
    };
    const creates = checkOf(
      'resources.creates',
      async (ctx) => (await ctx.request({ method: 'POST', path: '/customers', json: {}, creates: true }), ctx.pass()),
    );
    const { results } = await runChecks({ planned: [{ check: creates }], ...run(hanging, { checkTimeoutMs: 50 }) });
    expect(results[0]).toMatchObject({ status: 'errored', error: { code: 'APICERT_CHECK_TIMEOUT' } });
    expect(results[0]?.findings.map((f) => f.message)).toEqual([
      '1 create(s) were unanswered when the check stopped; a record one of them made may remain on the target',
    ]);
  });

  it('lets the create finish on an interrupt, so its record is tracked and deleted, then sends nothing more', async () => {
    const { client, sent } = fakeClient((request) =>
      request.method === 'POST' ? { status: 201, json: { id: 9 }, delayMs: 100 } : { status: 204 },
    );
    const interrupt = new AbortController();
    const createsThenReads = checkOf('resources.creates-then-reads', async (ctx) => {
      setTimeout(() => interrupt.abort(), 20);
      await ctx.request({ method: 'POST', path: '/customers', json: {}, creates: true });
      ctx.fixtures.track('/customers/9');
      await ctx.request({ path: '/customers/9' });
      return ctx.pass();
    });
    const { results } = await runChecks({
      planned: [{ check: createsThenReads }],
      ...run(client, { checkTimeoutMs: 5_000, interrupt: interrupt.signal }),
    });
    expect(results[0]).toMatchObject({ status: 'errored', error: { code: 'APICERT_RUN_INTERRUPTED' } });
    expect(results[0]?.findings).toEqual([]);
    expect(describeSent(sent)).toEqual(['POST /customers', 'DELETE /customers/9']);
  });
});

describe('a refused credential', () => {
  it('is named as the cause of a failure when the configured credential drew a 401, and only then', async () => {
    const { client } = fakeClient((request) => ({ status: request.url.endsWith('/open') ? 200 : 401 }));
    const refusedWithCredential = checkOf('resources.with-credential', async (ctx) => {
      const answer = await ctx.request({ path: '/customers' });
      return ctx.fail(`answered ${answer.status}`);
    });
    // A 401 to a request sent without the credential is what auth checks ask for: no cause.
    const refusedWithout = checkOf('resources.without-credential', async (ctx) => {
      await ctx.request({ path: '/customers', credential: 'none' });
      await ctx.request({ path: '/open' });
      return ctx.fail('something else');
    });
    const { results } = await runChecks({
      planned: [{ check: refusedWithCredential }, { check: refusedWithout }],
      ...run(client),
    });
    expect(results[0]).toMatchObject({
      status: 'failed',
      cause: { key: 'credential-refused', subjects: ['GET /customers'] },
    });
    expect(results[1]).not.toHaveProperty('cause');
  });
});

describe('coverage', () => {
  it('counts the requests a check sent and keeps the items it covered (once each) and left out, whatever its verdict', async () => {
    const { client } = fakeClient(() => ({ status: 200, json: {} }));
    const covering = checkOf('resources.covering', async (ctx) => {
      await ctx.request({ path: '/customers' });
      await ctx.request({ path: '/orders' });
      ctx.cover('GET /customers');
      ctx.cover('GET /orders');
      ctx.cover('GET /customers');
      ctx.leaveOut('GET /products', 'sampled: the budget allows two lists');
      return ctx.fail('seen');
    });
    const { results } = await runChecks({ planned: [{ check: covering }], ...run(client) });
    expect(results[0]).toMatchObject({
      status: 'failed',
      coverage: {
        requests: 2,
        covered: ['GET /customers', 'GET /orders'],
        leftOut: [{ item: 'GET /products', why: 'sampled: the budget allows two lists' }],
      },
    });
  });
});
