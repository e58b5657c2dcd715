// A collection need not offer every method of convention 4.1 ("concrete collections ... not shown"):
// a gateway in front of the reference server and of the second implementation answers every PUT
// and PATCH 405. Undeclared, the 405s are taken as "not offered": left out with advice naming
// collections[].operations, and no check fails on them. Declared, the kit never sends them and says
// why. Declared as offered, a 405 is the defect it is.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from '../test-support/run-through-gateway.js';

type Operations = readonly string[] | undefined;

/** The config with `operations` declared on every collection and related collection (undefined: left as is). */
function declaring(config: Record<string, unknown>, operations: Operations): Record<string, unknown> {
  if (operations === undefined) return config;
  const collections = config['collections'] as Record<string, unknown>[];
  return {
    ...config,
    collections: collections.map((collection) => ({
      ...collection,
      operations,
      related: ((collection['related'] as Record<string, unknown>[] | undefined) ?? []).map((related) => ({
        ...related,
        operations,
      })),
    })),
  };
}

interface GatewayRun {
  readonly run: RunResult;
  /** The PUTs and PATCHes the gateway refused. */
  readonly refused: number;
}

/** A run of the whole kit against `server` behind a gateway that answers PUT and PATCH 405. */
async function runBehindGateway(server: GatewayTarget, operations: Operations): Promise<GatewayRun> {
  let refused = 0;
  const run = await runThroughGateway({
    target: server,
    changes: {
      answer: (method) => {
        if (method !== 'PUT' && method !== 'PATCH') return undefined;
        refused += 1;
        return { status: 405, json: { error: 'method not allowed' } };
      },
    },
    config: (own) => declaring(own, operations),
  });
  return { run, refused };
}

const statusOf = (run: RunResult, id: string) => run.checks.find((check) => check.id === id);
const notPassed = (run: RunResult) =>
  run.checks
    .filter((check) => check.status === 'failed' || check.status === 'errored')
    .map((check) => `${check.id} ${check.status}: ${check.message}`);
const findings = (run: RunResult, level: string) =>
  run.checks.flatMap((check) => check.findings.filter((f) => f.level === level).map((f) => f.message));

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])('%s without PUT and PATCH', (server) => {
  it('undeclared: each 405 is taken as not offered, with advice naming the key, and nothing fails on it', async () => {
    const { run, refused } = await runBehindGateway(server, undefined);
    expect(refused).toBeGreaterThan(0);
    expect(notPassed(run)).toEqual([]);
    expect(statusOf(run, 'resources.put-replaces-record')).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/every PUT answered 405/),
    });
    expect(statusOf(run, 'resources.patch-changes-given-fields')).toMatchObject({ status: 'skipped' });
    // Its reads are still judged: the read by id, and what it could not judge left out by name.
    const stable = statusOf(run, 'resources.id-is-stable');
    expect(stable?.status).toBe('passed');
    expect(stable?.coverage?.leftOut.map((item) => item.item)).toContain('PUT /customers/{id}');
    expect(findings(run, 'advisory')).toContainEqual(
      expect.stringMatching(
        /^PUT \/customers\/\{id\} answered 405 \(Method Not Allowed\), so it was taken as not offered and not judged; declare the operations of "customers" \(collections\[\]\.operations\) without "replace"/,
      ),
    );
  }, 60_000);

  it('declared: PUT and PATCH are never sent, and the checks say the config leaves them out', async () => {
    const { run, refused } = await runBehindGateway(server, ['list', 'read', 'create', 'delete']);
    expect(refused).toBe(0);
    expect(notPassed(run)).toEqual([]);
    expect(statusOf(run, 'resources.put-replaces-record')).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/\(collections\[\]\.operations\) leave out replace$/),
    });
    expect(statusOf(run, 'resources.patch-changes-given-fields')).toMatchObject({ status: 'skipped' });
    expect(statusOf(run, 'resources.auth-required')?.status).toBe('passed');
    expect(findings(run, 'advisory').filter((message) => message.includes('405'))).toEqual([]);
  }, 60_000);
});

describe('a collection declared to offer PUT and PATCH', () => {
  it('fails on the 405 it answers', async () => {
    const { run } = await runBehindGateway('reference', ['list', 'read', 'create', 'replace', 'change', 'delete']);
    expect(statusOf(run, 'resources.put-replaces-record')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^PUT \/\w+\/\S+ with a whole record answered 405; expected 2xx/),
    });
    expect(statusOf(run, 'resources.patch-changes-given-fields')).toMatchObject({ status: 'failed' });
  }, 60_000);
});
