import { defineCheck } from '../define-check.js';

// Convention 1 and 5/1: the service is stateless. The kit never sends cookies, so a service that
// needs session state (a cookie, an earlier request on the same connection) fails here.
export const statelessRequests = defineCheck({
  id: 'resources.stateless-requests',
  suite: 'resources',
  conformanceClass: 'resources-auth',
  rule: '1, 5/1',
  level: 'normative',
  title: 'Each request stands alone: no cookie or session is needed',
  proves: 'The same credentialed request succeeds repeatedly without cookies, on a shared connection and on a fresh one.',
  provenBy: ['session-cookie-required'],
  async run(ctx) {
    const collection = ctx.config.collections[0];
    if (collection === undefined) return ctx.skip('no collections are configured');
    const attempts = [
      { freshConnection: false, note: 'first request, no cookie' },
      { freshConnection: false, note: 'second request on the same connection, no cookie' },
      { freshConnection: false, note: 'third request on the same connection, no cookie' },
      { freshConnection: true, note: 'a fresh connection, no cookie' },
    ];
    for (const attempt of attempts) {
      const response = await ctx.request({ path: collection.path, ...attempt });
      if (response.status !== 200) {
        const cookie = response.headers['set-cookie'] === undefined ? '' : ' (the target sets a cookie: session state?)';
        return ctx.fail(`GET ${collection.path} with a valid credential answered ${response.status} on the ${attempt.note}${cookie}; expected 200`, {
          expected: '200 for every request that carries the credential',
          actual: `${response.status}`,
          exchanges: ctx.exchanges.slice(-4),
        });
      }
    }
    return ctx.pass();
  },
});
