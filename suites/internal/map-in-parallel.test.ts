import { describe, expect, it } from 'vitest';
import { firstVerdictInOrder, mapInConflictOrder, mapInParallel, settledInOrder } from './map-in-parallel.js';

describe('mapInParallel', () => {
  it('keeps the input order whatever finishes first, and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapInParallel([30, 5, 20, 1, 10], 2, async (ms, index) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return `${index}:${ms}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
    expect(peak).toBe(2);
  });

  it('runs one at a time with a limit of 1, and copes with no items', async () => {
    const order: number[] = [];
    await mapInParallel([1, 2, 3], 1, async (item) => void order.push(item));
    expect(order).toEqual([1, 2, 3]);
    expect(await mapInParallel([], 4, async () => 1)).toEqual([]);
  });

  it('throws the first error only once the work already running has finished, and starts nothing new', async () => {
    const finished: number[] = [];
    const work = async (item: number): Promise<number> => {
      if (item === 1) throw new Error('boom');
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished.push(item);
      return item;
    };
    await expect(mapInParallel([1, 2, 3, 4], 2, work)).rejects.toThrow('boom');
    // 2 was running when 1 threw, so it finished; the lane that threw started nothing more.
    expect(finished).toEqual([2]);
  });
});

describe('firstVerdictInOrder', () => {
  it("reads the items in input order as one after another would: a later item's error never hides an earlier verdict", async () => {
    const late = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The second item fails fast; the first, slower, gives a verdict: the verdict wins.
    const verdict = await firstVerdictInOrder([0, 1, 2], 3, async (item) => {
      if (item === 1) throw new Error('spent');
      await late(item === 0 ? 20 : 0);
      return item === 0 ? 'failed first' : undefined;
    });
    expect(verdict).toBe('failed first');
    // With no verdict before it, the error is thrown.
    await expect(
      firstVerdictInOrder([0, 1], 2, async (item) => {
        if (item === 1) throw new Error('spent');
        return undefined;
      }),
    ).rejects.toThrow('spent');
    expect(await firstVerdictInOrder([0, 1], 2, async () => undefined)).toBeUndefined();
  });
});

describe('settledInOrder', () => {
  it('returns the values in order, and throws the first error in order only once every piece has settled', async () => {
    expect(await settledInOrder([Promise.resolve(1), Promise.resolve('two')] as const)).toEqual([1, 'two']);
    let slowFinished = false;
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve((slowFinished = true) ? 3 : 0), 20));
    await expect(
      settledInOrder([slow, Promise.reject(new Error('second')), Promise.reject(new Error('third'))] as const),
    ).rejects.toThrow('second');
    expect(slowFinished).toBe(true);
  });
});

describe('mapInConflictOrder', () => {
  const sameLetter = (a: string, b: string): boolean => a[0] === b[0];

  it('runs conflicting items in input order and the others side by side, within the limit', async () => {
    const log: string[] = [];
    let running = 0;
    let peak = 0;
    const delays: Record<string, number> = { a1: 30, b1: 5, a2: 1, c1: 10, b2: 1 };
    const results = await mapInConflictOrder(['a1', 'b1', 'a2', 'c1', 'b2'], 3, sameLetter, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      log.push(`start ${item}`);
      await new Promise((resolve) => setTimeout(resolve, delays[item]));
      log.push(`end ${item}`);
      running -= 1;
      return item.toUpperCase();
    });
    expect(results).toEqual(['A1', 'B1', 'A2', 'C1', 'B2']);
    // Each item starts after the earlier item with its letter ended, however long that took.
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b2')).toBeGreaterThan(log.indexOf('end b1'));
    // The three without an earlier conflict started before any ended.
    expect(log.slice(0, 3).sort()).toEqual(['start a1', 'start b1', 'start c1']);
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('holds the limit when items wait for a slot rather than a conflict', async () => {
    let running = 0;
    let peak = 0;
    await mapInConflictOrder(
      [1, 2, 3, 4, 5, 6],
      2,
      () => false,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
      },
    );
    expect(peak).toBe(2);
  });

  it('starts nothing new after a throw, lets the running finish, and throws the first error', async () => {
    const started: string[] = [];
    const work = async (item: string): Promise<string> => {
      started.push(item);
      if (item === 'a1') throw new Error('boom');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return item;
    };
    await expect(mapInConflictOrder(['a1', 'b1', 'a2'], 2, sameLetter, work)).rejects.toThrow('boom');
    expect(started).toEqual(['a1', 'b1']);
  });
});
