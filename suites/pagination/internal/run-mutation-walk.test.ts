import { describe, expect, it } from 'vitest';
import type { Mutation } from './mutation-commands.js';
import { planWrites, type RunState } from './run-mutation-walk.js';

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
