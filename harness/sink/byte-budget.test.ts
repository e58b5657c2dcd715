import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.js';

describe('ByteBudget', () => {
  it('takes only what fits here and in the parent, and gives back to both', () => {
    const sink = new ByteBudget(100);
    const first = new ByteBudget(80, sink);
    const second = new ByteBudget(80, sink);
    expect(first.tryTake(70)).toBe(true);
    expect(first.tryTake(20)).toBe(false);
    // The channel's own cap has room; the sink's has only 30 left.
    expect(second.tryTake(40)).toBe(false);
    expect(second.used).toBe(0);
    expect(second.tryTake(30)).toBe(true);
    expect(sink.used).toBe(100);
    first.give(first.used);
    expect([first.used, sink.used]).toEqual([0, 30]);
    expect(second.tryTake(40)).toBe(true);
    expect(sink.used).toBe(70);
  });
});
