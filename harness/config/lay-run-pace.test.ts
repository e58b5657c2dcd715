import { describe, expect, it } from 'vitest';
import { layRunPace } from './lay-run-pace.js';
import { loadConfig } from './load-config.js';

describe('layRunPace', () => {
  it('leaves the config as it is when no pace flag was given', async () => {
    const config = await loadConfig(undefined);
    expect(layRunPace(config, {})).toBe(config);
  });

  it('puts each flag given in place of its key, and only those, in a frozen config', async () => {
    const config = await loadConfig(undefined);
    const laid = layRunPace(config, { timeoutMs: 1234, concurrency: 3 });
    expect(laid.budgets.requestTimeoutMs).toBe(1234);
    expect(laid.target.concurrency).toBe(3);
    expect(laid.target.rateLimit).toBe(config.target.rateLimit);
    expect({ ...laid.budgets, requestTimeoutMs: config.budgets.requestTimeoutMs }).toEqual(config.budgets);
    expect(Object.isFrozen(laid.target)).toBe(true);
    expect(layRunPace(config, { rateLimit: 0.5 }).target.rateLimit).toBe(0.5);
  });
});
