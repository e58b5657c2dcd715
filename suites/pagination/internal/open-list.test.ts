// The shared records of a list when the target refuses: a failed create or delete never leaves the
// suite's later checks judging records in an unknown state, nor forgets one that needs deleting.
import { describe, expect, it } from 'vitest';
import type {
  CheckContext,
  CheckOutcome,
  CollectionConfig,
  TargetRequest,
  TargetResponse,
} from '../../../harness/check-api/check-context.js';
import { createSuiteScope } from '../../../harness/runner/suite-scope.js';
import { listTargets } from './list-targets.js';
import { openList } from './open-list.js';

const products = {
  name: 'products',
  path: '/products',
  idField: 'id',
  sample: { sku: 'SKU-{unique}' },
  related: [],
  pagination: { styles: ['cursor', 'offset', 'page'] },
} as unknown as CollectionConfig;

/** A context whose target answers each request with `answer(request, index)`. */
function fakeContext(answer: (request: TargetRequest, index: number) => { status: number; json?: unknown }) {
  const suite = createSuiteScope();
  const checkTracked: string[] = [];
  let sent = 0;
  const ctx = {
    config: { collections: [products], budgets: { requestsPerList: 100 }, target: { concurrency: 4 } },
    suiteScope: suite.scope,
    fixtures: { track: (path: string) => void checkTracked.push(path), untrack: () => {} },
    random: () => 0.5,
    now: () => 0,
    request: async (request: TargetRequest) => {
      const { status, json } = answer(request, sent++);
      return {
        status,
        headers: {},
        body: Buffer.alloc(0),
        text: JSON.stringify(json ?? {}),
        json,
        record: {},
        durationMs: 1,
      } as unknown as TargetResponse;
    },
    fail: (message: string): CheckOutcome => ({ status: 'failed', message, details: {}, findings: [] }),
    skip: (reason: string): CheckOutcome => ({ status: 'skipped', reason, findings: [] }),
  } as unknown as CheckContext;
  return { ctx, suiteTracked: suite.tracked };
}

async function open(ctx: CheckContext) {
  const opened = await openList(ctx, listTargets(ctx.config)[0]!);
  if (!opened.ok) throw new Error('the list did not open');
  return opened.list;
}

describe('openList', () => {
  it('keeps every record a batch made when one create of it fails', async () => {
    const { ctx, suiteTracked } = fakeContext((request, index) =>
      request.method === 'POST' && index === 2
        ? { status: 500, json: { error: 'boom' } }
        : { status: 201, json: { id: `p${index}` } },
    );
    const list = await open(ctx);
    const made = await list.ensureFixtures(4);
    expect(made.ok).toBe(false);
    expect([...list.ownIds]).toEqual(['p0', 'p1', 'p3']);
    expect(suiteTracked).toEqual(['/products/p0', '/products/p1', '/products/p3']);
  });

  it('stops judging a record whose delete was refused, and keeps it for the clean-up after the suite', async () => {
    const { ctx, suiteTracked } = fakeContext((request, index) =>
      request.method === 'DELETE'
        ? { status: request.path.endsWith('p0') ? 409 : 404 }
        : { status: 201, json: { id: `p${index}` } },
    );
    const list = await open(ctx);
    await list.ensureFixtures(2);
    expect(await list.deleteFixture('p0')).toBe(false);
    // 404: already gone, so nothing is left to clean up.
    expect(await list.deleteFixture('p1')).toBe(true);
    expect([...list.ownIds]).toEqual([]);
    expect(suiteTracked).toEqual(['/products/p0']);
  });

  it("shares a list's records with the suite's next check", async () => {
    const { ctx } = fakeContext((_request, index) => ({ status: 201, json: { id: `p${index}` } }));
    await (await open(ctx)).ensureFixtures(3);
    const later = await open(ctx);
    expect([...later.ownIds]).toEqual(['p0', 'p1', 'p2']);
    expect(await later.ensureFixtures(3)).toEqual({ ok: true, ids: [] });
    expect(await later.ensureFixtures(4)).toEqual({ ok: true, ids: ['p3'] });
  });
});
