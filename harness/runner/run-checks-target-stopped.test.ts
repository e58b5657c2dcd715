// A target that stops answering stops the run: the running check and the later ones are errored,
// and the clean-up spends at most one more time-out on it.
import { describe, expect, it } from 'vitest';
import { HttpTimeoutError } from '../errors.js';
import { withUnansweredBreaker } from '../http/unanswered-breaker.js';
import { runChecks } from './run-checks.js';
import { checkOf as check, describeSent, emptyConfig as config, fakeClient } from './test-support/fake-runner-parts.js';

const baseUrl = 'http://127.0.0.1:9';

describe('runChecks, when the target stops answering', () => {
  it('errors the running check and the later ones, says why, and stops cleaning up once the target stays silent after the stop', async () => {
    let isSilent = false;
    const { client: fake, sent } = fakeClient((request) => {
      if (isSilent)
        throw new HttpTimeoutError(`no response headers within 300 ms from ${request.method} ${request.url}`);
      return { status: request.method === 'POST' ? 201 : 200, json: {} };
    });
    const breaker = withUnansweredBreaker(fake, { targetOrigin: baseUrl, limit: 3, requestTimeoutMs: 300 });
    const { results, interrupted, notes } = await runChecks({
      planned: [
        {
          check: check('pagination.seeds', async (ctx) => {
            for (let id = 1; id <= 12; id++) ctx.suiteScope.fixtures.track(`/customers/${id}`);
            return ctx.pass();
          }),
        },
        {
          // Swallows its time-outs and keeps asking, as a check judging a slow answer might.
          check: check('pagination.keeps-asking', async (ctx) => {
            ctx.fixtures.track('/orders/1');
            ctx.fixtures.track('/orders/2');
            isSilent = true;
            for (let attempt = 0; attempt < 10; attempt++)
              await ctx.request({ path: '/customers' }).catch(() => undefined);
            return ctx.pass();
          }),
        },
        { check: check('pagination.never-started', async (ctx) => ctx.pass()) },
      ],
      environment: { config, baseUrl, client: breaker },
      runSeed: 7,
      checkTimeoutMs: 5000,
      totalRunMs: 10_000,
      targetStopped: breaker.stopped,
    });

    const stopped = /^the target stopped answering: 3 exchanges in a row timed out or were reset/;
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['pagination.seeds', 'passed'],
      ['pagination.keeps-asking', 'errored'],
      ['pagination.never-started', 'errored'],
    ]);
    for (const result of results.slice(1)) {
      expect(result).toMatchObject({
        error: { code: 'APICERT_TARGET_STOPPED_ANSWERING', message: expect.stringMatching(stopped) },
      });
    }
    expect(interrupted).toMatch(stopped);
    // Three GETs stopped the run; the check's own deletes found the target still silent, so the
    // suite's records were not tried at all.
    expect(describeSent(sent)).toEqual([
      'GET /customers',
      'GET /customers',
      'GET /customers',
      'DELETE /orders/2',
      'DELETE /orders/1',
    ]);
    expect(results[1]?.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^clean-up: DELETE \/orders\/2 failed \(no response headers within 300 ms/),
      expect.stringMatching(/^clean-up: DELETE \/orders\/1 failed \(no response headers within 300 ms/),
    ]);
    expect(notes.map((n) => n.message)).toEqual([
      'clean-up stopped: the target stopped answering; 12 records may remain: /customers/12, /customers/11, /customers/10, /customers/9, ' +
        '/customers/8, /customers/7, /customers/6, /customers/5, /customers/4, /customers/3, /customers/2, /customers/1',
    ]);
  });
});
