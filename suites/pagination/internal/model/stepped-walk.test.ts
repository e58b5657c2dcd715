import { describe, expect, it } from 'vitest';
import { walkPages } from '../page-walker.js';
import { keysetList, ownList, walkContext } from '../test-support/keyset-list.js';
import { steppedWalk } from './stepped-walk.js';

const idsOf = (walk: ReturnType<typeof steppedWalk>): string[][] =>
  walk.pages.map((fetched) => (fetched.page.ok ? [...fetched.page.ids] : []));

// A walk held open between pages, so other commands (writes, another walk's pages) run between them.
describe('steppedWalk', () => {
  it('fetches one page a step, holds the walk between steps, and sees writes made meanwhile', async () => {
    const list = keysetList();
    const ctx = walkContext(list, 200, () => {});
    const walk = steppedWalk((betweenPages) =>
      walkPages(ctx, ownList(), { style: 'cursor', pageSize: 2, note: 'read', maxPages: 3, betweenPages }),
    );
    expect(walk.isStarted).toBe(false);
    await walk.step();
    expect(idsOf(walk)).toEqual([['k3', 'k2']]);
    // Nothing is fetched while the walk is held.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(walk.pages).toHaveLength(1);
    await walk.step();
    expect(idsOf(walk)).toEqual([
      ['k3', 'k2'],
      ['k1', 'old0'],
    ]);
    expect(walk.isOver).toBe(false);
    const done = await walk.finish();
    expect(done.ids).toEqual(['k3', 'k2', 'k1', 'old0', 'old1', 'old2']);
    expect(walk.isOver).toBe(true);
    // A step after the end fetches nothing.
    await walk.step();
    expect(walk.pages).toHaveLength(3);
  });

  it('continues in the page size a step asks for, from where the walk is', async () => {
    const list = keysetList();
    const ctx = walkContext(list, 200, () => {});
    const walk = steppedWalk((betweenPages) =>
      walkPages(ctx, ownList(), { style: 'cursor', pageSize: 2, note: 'read', maxPages: 3, betweenPages }),
    );
    await walk.step();
    await walk.step(4);
    expect(walk.pages.map((fetched) => fetched.query['limit'])).toEqual([2, 4]);
    expect(idsOf(walk)[1]).toEqual(['k1', 'old0', 'old1', 'old2']);
    await walk.finish();
  });

  it('keeps an error of the walk for finish(), and never leaves a step waiting', async () => {
    const failing = steppedWalk(() => Promise.reject(new Error('connection reset')));
    await failing.step();
    expect(failing.isOver).toBe(true);
    await expect(failing.finish()).rejects.toThrow('connection reset');
  });
});
