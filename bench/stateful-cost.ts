// Stateful checks: what resources.model-consistency adds to the default run at 20 ms a request
// (issue 37: at most 25 %), measured side by side: the run without it and with it, in turns, twice
// each, the median of each. Its own time and requests come from the runs with it.
import { suites } from '../suites/index.js';
import { runThroughProxy } from './network-run.js';

export interface StatefulCost {
  readonly delayMs: number;
  readonly withoutMs: number;
  readonly withMs: number;
  /** Wall time with the check over wall time without it. */
  readonly ratio: number;
  readonly extraRequests: number;
  /** The check's own duration in the runs with it (median); it runs beside the other resources checks. */
  readonly checkMs: number;
  readonly goalRatio: number;
}

const checkId = 'resources.model-consistency';
const withoutIt = suites.map((suite) => ({ ...suite, checks: suite.checks.filter((check) => check.id !== checkId) }));
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureStatefulCost(say: (text: string) => void, rounds = 2): Promise<StatefulCost> {
  const delayMs = 20;
  const without: { wallMs: number; requests: number }[] = [];
  const withIt: { wallMs: number; requests: number; checkMs: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    say(`bench: stateful checks, round ${round + 1} of ${rounds}…`);
    without.push(await runThroughProxy(delayMs, 24, withoutIt));
    const run = await runThroughProxy(delayMs, 24);
    withIt.push({ ...run, checkMs: run.checkMs.get(checkId) ?? Number.NaN });
  }
  const withoutMs = median(without.map((r) => r.wallMs));
  const withMs = median(withIt.map((r) => r.wallMs));
  return {
    delayMs,
    withoutMs,
    withMs,
    ratio: withMs / withoutMs,
    extraRequests: median(withIt.map((r) => r.requests)) - median(without.map((r) => r.requests)),
    checkMs: median(withIt.map((r) => r.checkMs)),
    goalRatio: 1.25,
  };
}
