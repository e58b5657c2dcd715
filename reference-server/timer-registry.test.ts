import { describe, expect, it } from 'vitest';
import { TimerRegistry } from './timer-registry.js';

describe('TimerRegistry', () => {
  it('runs a scheduled action after its delay unless cancelled', async () => {
    const timers = new TimerRegistry();
    const ran: string[] = [];
    timers.schedule(() => ran.push('kept'), 5);
    const cancel = timers.schedule(() => ran.push('cancelled'), 5);
    cancel();
    await timers.delay(20);
    expect(ran).toEqual(['kept']);
    timers.close();
  });

  it('releases pending delays at once and drops scheduled actions on close', async () => {
    const timers = new TimerRegistry();
    const ran: string[] = [];
    timers.schedule(() => ran.push('late'), 10);
    const started = performance.now();
    const pending = timers.delay(60_000);
    timers.close();
    await pending;
    expect(performance.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual([]);
    expect(timers.isClosed).toBe(true);
    timers.schedule(() => ran.push('after close'), 0);
    await timers.delay(10);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toEqual([]);
  });
});
