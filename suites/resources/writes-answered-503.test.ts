// A 503 with Retry-After is "not now", never a verdict, on any method (issue 36, item 6). A write
// that cannot simply be sent again (POST, PATCH) may have been carried out before the 503, so a
// create is sent again only once a search of its list shows it was not, and a record it made after
// all is found and deleted. Proven on the reference server and the second implementation, behind a
// gateway that says "not now" to a create before letting it through, after letting it through, and
// (as a target going into maintenance does) to every request after the 60th, for an hour.
import { describe, expect, it } from 'vitest';
import type { ProxyChanges } from '../test-support/middle-proxy.js';
import type { RunResult } from '../../harness/model/run-result.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from '../test-support/run-through-gateway.js';

const notNow = { status: 503, json: { error: 'maintenance' }, headers: { 'retry-after': '1' } } as const;
const check = 'resources.create-then-read';
const isCreate = (method: string, path: string) => method === 'POST' && path.split('?')[0] === '/customers';
const statusOf = (run: RunResult) => run.checks.find((result) => result.id === check)?.status;
const messageOf = (run: RunResult, id = check) => {
  const result = run.checks.find((each) => each.id === id);
  return result !== undefined && 'message' in result ? result.message : '';
};
const warningsOf = (run: RunResult) =>
  run.checks.flatMap((result) => result.findings.filter((f) => f.level === 'warning').map((f) => f.message));

/** Gateway changes that also keep the body of every create the server was given. */
function keepingCreates(changes: ProxyChanges): { changes: ProxyChanges; forwarded: string[] } {
  const forwarded: string[] = [];
  return {
    forwarded,
    changes: {
      ...changes,
      requestBody: (method, path, body) => {
        if (isCreate(method, path)) forwarded.push(body.toString('utf8'));
        return body;
      },
    },
  };
}

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])('%s behind a gateway answering 503', (target) => {
  it('a create refused before it reached the server is sent again after the wait, and judged', async () => {
    let creates = 0;
    const { changes, forwarded } = keepingCreates({
      answer: (method, path) => (isCreate(method, path) && ++creates === 1 ? notNow : undefined),
    });
    const run = await runThroughGateway({ target, checks: [check], changes });
    expect(statusOf(run), messageOf(run)).toBe('passed');
    // Sent once more than the server saw, and the server saw each body once.
    expect(creates).toBe(forwarded.length + 1);
    expect(new Set(forwarded).size).toBe(forwarded.length);
    expect(warningsOf(run)).toEqual([]);
  });

  it('a create carried out before its 503 is not made twice: its record is found and deleted, the check errored', async () => {
    let creates = 0;
    let madeId: string | undefined;
    const deleted: string[] = [];
    const { changes, forwarded } = keepingCreates({
      forwardPath: (method, path) => {
        if (method === 'DELETE') deleted.push(path);
        return path;
      },
      answerInstead: (method, path, _status, body) => {
        if (!isCreate(method, path) || ++creates !== 1) return undefined;
        madeId = String((JSON.parse(body.toString('utf8')) as { id: unknown }).id);
        return notNow;
      },
    });
    const run = await runThroughGateway({ target, checks: [check], changes });
    expect(statusOf(run)).toBe('errored');
    expect(messageOf(run)).toMatch(/answered 503 with Retry-After/);
    expect(new Set(forwarded).size).toBe(forwarded.length);
    expect(deleted).toContain(`/customers/${madeId}`);
    expect(warningsOf(run)).toEqual([]);
  });

  it('an hour of "not now" from the 60th request on: no check fails on it, each stopped is errored as throttled', async () => {
    let requests = 0;
    const run = await runThroughGateway({
      target,
      config: (own) => ({ ...own, webhooks: {} }),
      changes: { answer: () => (++requests > 60 ? { ...notNow, headers: { 'retry-after': '3600' } } : undefined) },
    });
    const judged = run.checks.filter((result) => result.suite === 'resources' || result.suite === 'pagination');
    expect(judged.filter((result) => result.status === 'failed').map((result) => result.id)).toEqual([]);
    const errored = judged.filter((result) => result.status === 'errored');
    expect(errored.length).toBeGreaterThan(5);
    for (const result of errored)
      expect(messageOf(run, result.id), result.id).toMatch(/throttled|503 with Retry-After/);
  }, 60_000);
});
