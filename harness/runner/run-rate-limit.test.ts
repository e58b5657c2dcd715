// --rate-limit holds under concurrency: with eight requests allowed in flight and a target slow
// enough that several are, the target never sees more than the rate in any one second. Judged on the
// arrival times the target saw, never on how long the run took. The pagination suite, because it
// sends the most at once (fixtures in batches, lists judged side by side).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference-server/start.js';
import { suites as registry } from '../../suites/index.js';
import { startDelayProxy } from '../../bench/delay-proxy.js';
import { runConformance } from './run-conformance.js';
import { toRunOptions } from '../../harness/model/run-options.js';

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));

/** The most arrivals within any window of `windowMs` (half-open, starting at an arrival). */
function mostInAnyWindow(arrivals: readonly number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && sorted[end]! - sorted[start]! < windowMs) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}

describe('mostInAnyWindow', () => {
  it('counts the busiest window, whichever arrival starts it', () => {
    expect(mostInAnyWindow([], 1000)).toBe(0);
    expect(mostInAnyWindow([0, 999, 1000, 1001, 1500, 1998], 1000)).toBe(5);
    expect(mostInAnyWindow([3000, 0, 2999, 1000], 1000)).toBe(2);
  });
});

describe('--rate-limit with --concurrency 8', () => {
  it('keeps every second at the target within the rate while several requests are in flight', async () => {
    const rateLimit = 20;
    // At 20 requests a second and 100 ms each, two or three are in flight at once while the suite
    // makes fixtures and judges lists side by side (without the limit it reached about 40 a second).
    const delayMs = 100;
    // Enough arrivals for many one-second windows; then the run is stopped (its clean-up is paced too).
    const stopAfter = 100;
    const server = await startReferenceServer();
    const arrivals: number[] = [];
    const interrupt = new AbortController();
    const proxy = await startDelayProxy(server.url, delayMs, (atMs) => {
      arrivals.push(atMs);
      if (arrivals.length >= stopAfter) interrupt.abort();
    });
    try {
      await runConformance({
        registry,
        baseUrl: proxy.url,
        options: toRunOptions({
          configPath: exampleConfig,
          suites: ['pagination'],
          pace: { rateLimit, concurrency: 8 },
        }),
        seed: 3,
        interrupt: interrupt.signal,
        env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
      });
    } finally {
      await proxy.close();
      await server.close();
    }
    expect(arrivals.length).toBeGreaterThanOrEqual(stopAfter);
    // Concurrency was in play: without it the limit would hold trivially.
    expect(proxy.stats().peakInFlight).toBeGreaterThan(1);
    // Each request takes the next slot 50 ms after the last, so a window starting at an arrival
    // holds one more slot at its far end; two more for stalls of the event loop the kit and the
    // proxy share (a loaded 2-core machine), which send, or stamp, due requests together. Without
    // the limit a second held about 40. Over the whole run the pacer banks no credit: the mean rate
    // stays at the limit.
    expect(mostInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(rateLimit + 3);
    const spanSeconds = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
    expect((arrivals.length - 1) / spanSeconds).toBeLessThanOrEqual(rateLimit * 1.05);
  }, 60_000);
});
