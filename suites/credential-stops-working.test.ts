// A credential that stops working stops the run honestly (issue 36, item 5). A gateway in front of
// the reference server and of the second implementation starts refusing the kit's token after the
// 50th request, as an expiring or revoked token would: the run stops with that one cause, its
// checks errored and none failed on it. A gateway that refuses the token on one path only is the
// target's doing, judged as such: the run goes on.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../harness/model/run-result.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from './test-support/run-through-gateway.js';

const refused = { status: 401, json: { error: 'invalid_token' }, headers: { 'www-authenticate': 'Bearer' } } as const;
const messageOf = (check: RunResult['checks'][number]) => ('message' in check ? check.message : '');
const codeOf = (check: RunResult['checks'][number]) => (check.status === 'errored' ? check.error.code : undefined);

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])('%s', (target) => {
  it('a token refused from the 50th request on: the run stops on that one cause, no check fails on it', async () => {
    let requests = 0;
    const run = await runThroughGateway({
      target,
      config: (own) => ({ ...own, webhooks: {} }),
      changes: {
        answer: (_method, _path, headers) =>
          ++requests > 50 && headers.authorization !== undefined ? refused : undefined,
      },
    });
    const failed = run.checks.filter((check) => check.status === 'failed');
    expect(failed.map((check) => `${check.id}: ${messageOf(check)}`)).toEqual([]);
    const stopped = run.checks.filter((check) => codeOf(check) === 'APICERT_CREDENTIAL_STOPPED_WORKING');
    expect(stopped.length).toBeGreaterThan(10);
    expect(messageOf(stopped[0]!)).toMatch(
      /^APICERT_CREDENTIAL_STOPPED_WORKING: the credential stopped working: (GET|POST|PUT|PATCH|DELETE) \/\S+ was answered 401 after \d+ requests, and GET \/customers, accepted at the start of the run, is refused now too, so the run stopped; the token in APICERT_TOKEN has expired or been revoked: use one that lasts the whole run$/,
    );
    expect(run.interrupted).toMatch(/^the credential stopped working: /);
    expect(messageOf(stopped[0]!)).toContain(run.interrupted);
    // Judged before the token stopped working, or stopped: nothing in between.
    for (const check of run.checks) expect(['passed', 'skipped', 'errored']).toContain(check.status);
  }, 60_000);

  it('a token refused on one path only is the target’s doing: the run goes on and judges it', async () => {
    const run = await runThroughGateway({
      target,
      config: (own) => ({ ...own, webhooks: {} }),
      checks: ['resources.create-then-read', 'resources.list-answers-with-page', 'resources.delete-removes-record'],
      changes: {
        answer: (method, path, headers) =>
          method === 'GET' && path.startsWith('/products') && headers.authorization !== undefined ? refused : undefined,
      },
    });
    expect(run.checks.map(codeOf)).not.toContain('APICERT_CREDENTIAL_STOPPED_WORKING');
    expect(run.interrupted).toBeUndefined();
    expect(run.checks.filter((check) => check.status === 'failed').length).toBeGreaterThan(0);
  });
});
