import { describe, expect, it } from 'vitest';
import { watchMemoryCeiling } from './memory-ceiling.js';

describe('watchMemoryCeiling', () => {
  it('asks for full collections past the ceiling, spaced by the gap, and stops when told', async () => {
    // A ceiling every process is above: it collects once per gap while it watches.
    const ceiling = watchMemoryCeiling({ ceilingBytes: 1, pollMs: 5, gapMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 180));
    ceiling.stop();
    const collected = ceiling.collections();
    expect(collected).toBeGreaterThanOrEqual(2);
    expect(collected).toBeLessThanOrEqual(5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(ceiling.collections()).toBe(collected);
  });

  it('asks for none below the ceiling', async () => {
    const ceiling = watchMemoryCeiling({ ceilingBytes: Number.MAX_SAFE_INTEGER, pollMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    ceiling.stop();
    expect(ceiling.collections()).toBe(0);
  });
});
