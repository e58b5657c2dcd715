import { describe, expect, it } from 'vitest';
import { mapInParallel } from './map-in-parallel.js';

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
