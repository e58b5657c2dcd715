// Network: the default run (every suite, example config) against the reference server through a
// loopback proxy that adds a fixed delay to every request, at the default concurrency and one
// request at a time, side by side. On loopback a run's time is its requests' CPU; behind a delay it
// is the longest chain of requests that wait for each other (the critical path, in round trips).
// The target and the proxy run on a worker thread (network-target.ts), as a real target runs elsewhere.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../harness/config/load-config.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { suites as registry } from '../suites/index.js';
import { startNetworkTarget } from './network-target.js';
import { toRunOptions } from '../harness/model/run-options.js';

export interface NetworkRun {
  readonly delayMs: number;
  readonly concurrency: number;
  readonly wallMs: number;
  /** Requests that reached the proxy: the kit's to the API and to the receiver, not the target's deliveries. */
  readonly requests: number;
  readonly peakInFlight: number;
  /** Wall time in round trips of the added delay; undefined at 0 ms. */
  readonly criticalPath?: number;
  readonly verdict: string;
}

export interface NetworkResult {
  readonly defaultConcurrency: number;
  readonly runs: readonly NetworkRun[];
  /** Per delay: wall time at concurrency 1 over wall time at the default. */
  readonly speedUps: readonly { readonly delayMs: number; readonly ratio: number }[];
  /** Issue 19's goals: wall time at the default concurrency under `underMs` at `delayMs`. */
  readonly goals: readonly { readonly delayMs: number; readonly underMs: number }[];
}

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));
export const networkGoals = [
  { delayMs: 20, underMs: 8_000 },
  { delayMs: 50, underMs: 16_000 },
] as const;

/**
 * Runs each delay at the default concurrency and at 1; `oneAtATimeDelays` limits the runs at 1 (the
 * slowest by far) to the delays given.
 */
export async function measureNetworkRuns(
  delaysMs: readonly number[],
  oneAtATimeDelays: readonly number[],
  say: (text: string) => void,
): Promise<NetworkResult> {
  const defaultConcurrency = (await loadConfig(exampleConfig)).target.concurrency;
  const runs: NetworkRun[] = [];
  for (const delayMs of delaysMs) {
    for (const concurrency of new Set([defaultConcurrency, 1])) {
      if (concurrency !== defaultConcurrency && !oneAtATimeDelays.includes(delayMs)) continue;
      say(`bench: network, ${delayMs} ms per request, concurrency ${concurrency}…`);
      runs.push(await runThroughProxy(delayMs, concurrency));
    }
  }
  const speedUps = delaysMs.flatMap((delayMs) => {
    const atDefault = runs.find((r) => r.delayMs === delayMs && r.concurrency === defaultConcurrency);
    const atOne = runs.find((r) => r.delayMs === delayMs && r.concurrency === 1);
    return atDefault === undefined || atOne === undefined || atOne === atDefault
      ? []
      : [{ delayMs, ratio: atOne.wallMs / atDefault.wallMs }];
  });
  return { defaultConcurrency, runs, speedUps, goals: networkGoals };
}

/** One default run through the delaying proxy; `suites` is the registry to run (default every check). */
export async function runThroughProxy(
  delayMs: number,
  concurrency: number,
  suites: typeof registry = registry,
): Promise<NetworkRun & { readonly checkMs: ReadonlyMap<string, number> }> {
  const target = await startNetworkTarget(delayMs);
  // Only the run is timed, not its reports: they cost the same at any delay (see the full run).
  const started = performance.now();
  let stats: Awaited<ReturnType<typeof target.close>> | undefined;
  let timed: { readonly wallMs: number; readonly verdict: string; readonly checkMs: ReadonlyMap<string, number> };
  try {
    const { run } = await runConformance({
      registry: suites,
      baseUrl: target.url,
      options: toRunOptions({ configPath: exampleConfig, pace: { concurrency } }),
      seed: 1,
      env: { APICERT_TOKEN: target.token, APICERT_WEBHOOK_SECRET: target.webhookSecret },
    });
    const checkMs = new Map(run.checks.map((check) => [check.id, check.durationMs] as const));
    timed = { wallMs: performance.now() - started, verdict: run.verdict, checkMs };
  } finally {
    // The proxy's counts arrive as it closes, whatever became of the run.
    stats = await target.close();
  }
  const { requests, peakInFlight } = stats;
  const { wallMs, verdict, checkMs } = timed;
  return {
    checkMs,
    delayMs,
    concurrency,
    wallMs,
    requests,
    peakInFlight,
    ...(delayMs > 0 ? { criticalPath: wallMs / delayMs } : {}),
    verdict,
  };
}
