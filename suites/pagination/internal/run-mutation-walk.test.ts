import { describe, expect, it } from 'vitest';
import type { CheckContext, TargetRequest, TargetResponse } from '../../../harness/check-api/check-context.js';
import type { Mutation } from './mutation-commands.js';
import type { OpenList } from './open-list.js';
import type { OwnRecordsWindow } from './own-records-window.js';
import { RequestBudget } from './request-budget.js';
import { planWrites, runMutationWalk, type RunState } from './run-mutation-walk.js';

function stateOf(seen: string[], lastId: string | undefined, present: string[]): RunState {
  return { seen, lastId, expected: new Set(present), judged: new Set(present) };
}

describe('planWrites', () => {
  const own = new Set(['a', 'b', 'c', 'd', 'e', 'f']);

  it('decides each command as if the ones before it had run: the anchor is deleted once, then no longer seen', () => {
    const state = stateOf(['a', 'b', 'c'], 'c', [...own]);
    const mutations: Mutation[] = [
      { afterPage: 0, kind: 'delete-anchor', pick: 0 },
      { afterPage: 0, kind: 'delete-anchor', pick: 0 },
      { afterPage: 0, kind: 'delete-seen', pick: 2 },
    ];
    const writes = planWrites(own, mutations, state);
    expect(writes.map((write) => write.victim)).toEqual(['c', undefined, 'a']);
    expect(state.seen).toEqual(['b']);
    expect([...state.expected].sort()).toEqual(['b', 'd', 'e', 'f']);
    expect([...state.judged].sort()).toEqual(['b', 'd', 'e', 'f']);
  });

  it('deletes unseen records in creation order, skipping those already chosen, and plans inserts without a victim', () => {
    const state = stateOf(['a'], 'a', [...own]);
    const mutations: Mutation[] = [
      { afterPage: 1, kind: 'delete-unseen', pick: 0 },
      { afterPage: 1, kind: 'insert', pick: 0 },
      { afterPage: 1, kind: 'delete-unseen', pick: 0 },
    ];
    const writes = planWrites(own, mutations, state);
    expect(writes).toEqual([
      { command: expect.any(String), kind: 'delete', victim: 'b' },
      { command: expect.any(String), kind: 'insert' },
      { command: expect.any(String), kind: 'delete', victim: 'c' },
    ]);
  });

  it("has nothing to delete when the anchor is another list's record", () => {
    const writes = planWrites(
      own,
      [{ afterPage: 0, kind: 'delete-anchor', pick: 0 }],
      stateOf(['a'], 'someone-elses', [...own]),
    );
    expect(writes[0]).toMatchObject({ kind: 'delete' });
    expect(writes[0]?.victim).toBeUndefined();
  });
});

/**
 * A list ordered newest first, its cursor the key of the last item listed (a keyset): the kit's
 * records k1–k3 first, older ones after. `skipsAfterCursor`: a cursor that starts one item too late.
 */
function keysetList(options: { skipsAfterCursor?: boolean } = {}) {
  const keys = new Map<string, number>([
    ['k1', 101],
    ['k2', 102],
    ['k3', 103],
    ...Array.from({ length: 20 }, (_, index): [string, number] => [`old${index}`, 50 - index]),
  ]);
  let othersAhead = 0;
  const page = (query: Readonly<Record<string, string | number | undefined>>) => {
    const ordered = [...keys].sort((a, b) => b[1] - a[1]);
    const limit = Number(query['limit']);
    let start = query['after'] === undefined ? 0 : ordered.findIndex(([, key]) => key < Number(query['after']));
    if (query['after'] !== undefined && options.skipsAfterCursor === true) start += 1;
    const items = ordered.slice(start, start + limit);
    const hasMore = start + items.length < ordered.length;
    return {
      items: items.map(([id]) => ({ id })),
      has_more: hasMore,
      ...(hasMore ? { next_cursor: String(items.at(-1)![1]) } : {}),
    };
  };
  return {
    page,
    /** Others' records, newer than the kit's: they go ahead of them. */
    othersWrite(count: number) {
      for (let index = 0; index < count; index += 1) keys.set(`other${othersAhead}`, 200 + othersAhead++);
    },
  };
}

/** A context whose target is `list`; `beforeFirstPage` runs once, as the walk asks for the list's first page. */
function walkContext(list: ReturnType<typeof keysetList>, maxPagesPerWalk: number, beforeFirstPage: () => void) {
  let isFirst = true;
  return {
    config: { budgets: { maxPagesPerWalk } },
    exchanges: [],
    request: async (request: TargetRequest) => {
      if (request.query?.['after'] === undefined && isFirst) {
        isFirst = false;
        beforeFirstPage();
      }
      const json = list.page(request.query ?? {});
      return {
        status: 200,
        headers: {},
        json,
        text: JSON.stringify(json),
        record: { request: { method: 'GET', url: `http://target${request.path}` } },
        durationMs: 1,
      } as unknown as TargetResponse;
    },
  } as unknown as CheckContext;
}

function ownList(): OpenList {
  return {
    path: '/customers',
    idField: 'id',
    budget: new RequestBudget(1000, '/customers'),
    ownIds: new Set(['k1', 'k2', 'k3']),
  } as unknown as OpenList;
}

// Found at the list's head, where the kit's records were: two pages of two.
const headWindow: OwnRecordsWindow = {
  kind: 'window',
  where: 'head',
  startQuery: { limit: 2 },
  maxPages: 2,
  expected: new Set(['k1', 'k2', 'k3']),
  expectedOrder: ['k3', 'k2', 'k1'],
};
const pool = { full: 3, floor: 3, pageSize: 2, walkPageSize: 2 };

// Others' records of a later second, written between finding the window and the walk's first page,
// all go ahead of the kit's records and push them past the window's end.
describe('runMutationWalk on a window others write ahead of', () => {
  it('goes on past the window while it has listed none of the kit’s records others pushed past its end, and judges them', async () => {
    const list = keysetList();
    const ctx = walkContext(list, 200, () => list.othersWrite(6));
    const trace = await runMutationWalk(ctx, ownList(), pool, [], async () => headWindow);
    if (!('end' in trace)) throw new Error('no walk');
    expect(trace.end).toEqual({ kind: 'complete' });
    expect(trace.problems).toEqual({ repeated: [], missing: [] });
    expect(trace.pages.map((page) => page.ids)).toEqual([
      ['other5', 'other4'],
      ['other3', 'other2'],
      ['other1', 'other0'],
      ['k3', 'k2'],
    ]);
  });

  it('still finds a record the cursor skips, on the pages it goes on to', async () => {
    const list = keysetList({ skipsAfterCursor: true });
    const ctx = walkContext(list, 200, () => list.othersWrite(5));
    const trace = await runMutationWalk(ctx, ownList(), pool, [], async () => headWindow);
    if (!('end' in trace)) throw new Error('no walk');
    expect(trace.end).toEqual({ kind: 'complete' });
    expect(trace.problems.missing).toEqual(['k3']);
  });

  it('judges nothing missing when the page budget ends it before it lists any of them', async () => {
    const list = keysetList();
    const ctx = walkContext(list, 3, () => list.othersWrite(10));
    const trace = await runMutationWalk(ctx, ownList(), pool, [], async () => headWindow);
    if (!('end' in trace)) throw new Error('no walk');
    expect(trace.end).toEqual({ kind: 'page-budget', pages: 3 });
  });
});
