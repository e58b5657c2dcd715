import { describe, expect, it } from 'vitest';
import type { Mutation } from './mutation-commands.js';
import { headWindow, keysetList, ownList, walkContext } from './test-support/keyset-list.js';
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

  it('replaces a record seen or not and keeps it among those to list exactly once', () => {
    const state = stateOf(['a', 'b'], 'b', [...own]);
    const mutations: Mutation[] = [
      { afterPage: 0, kind: 'replace-seen', pick: 1 },
      { afterPage: 0, kind: 'replace-unseen', pick: 0 },
      { afterPage: 0, kind: 'delete-seen', pick: 1 },
    ];
    expect(planWrites(own, mutations, state)).toEqual([
      { command: expect.any(String), kind: 'replace', victim: 'b' },
      { command: expect.any(String), kind: 'replace', victim: 'c' },
      { command: expect.any(String), kind: 'delete', victim: 'b' },
    ]);
    expect([...state.expected].sort()).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(state.seen).toEqual(['a']);
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
