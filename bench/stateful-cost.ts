// Stateful checks: what resources.model-consistency, pagination.model-consistency and
// webhooks-receiver.model-consistency add to the default run at 20 ms a request (issue 37: at most
// 25 %), measured side by side: the run without them and with them, in turns, twice each, the
// median of each. Their own times and requests come from the runs with them.
import { suites } from '../suites/index.js';
import { runThroughProxy } from './network-run.js';

export interface StatefulCost {
  readonly delayMs: number;
  readonly withoutMs: number;
  readonly withMs: number;
  /** Wall time with the check over wall time without it. */
  readonly ratio: number;
  readonly extraRequests: number;
  /** Each check's own duration in the runs with them (median), by id. */
  readonly checkMs: Readonly<Record<string, number>>;
  readonly goalRatio: number;
}

export const statefulCheckIds = [
  'resources.model-consistency',
  'pagination.model-consistency',
  'webhooks-receiver.model-consistency',
] as const;
const withoutIt = suites.map((suite) => ({
  ...suite,
  checks: suite.checks.filter((check) => !(statefulCheckIds as readonly string[]).includes(check.id)),
}));
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureStatefulCost(say: (text: string) => void, rounds = 2): Promise<StatefulCost> {
  const delayMs = 20;
  const without: { wallMs: number; requests: number }[] = [];
  const withIt: { wallMs: number; requests: number; checkMs: ReadonlyMap<string, number> }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    say(`bench: stateful checks, round ${round + 1} of ${rounds}…`);
    without.push(await runThroughProxy(delayMs, 24, withoutIt));
    withIt.push(await runThroughProxy(delayMs, 24));
  }
  const withoutMs = median(without.map((r) => r.wallMs));
  const withMs = median(withIt.map((r) => r.wallMs));
  return {
    delayMs,
    withoutMs,
    withMs,
    ratio: withMs / withoutMs,
    extraRequests: median(withIt.map((r) => r.requests)) - median(without.map((r) => r.requests)),
    checkMs: Object.fromEntries(
      statefulCheckIds.map((id) => [id, median(withIt.map((r) => r.checkMs.get(id) ?? Number.NaN))]),
    ),
    goalRatio: 1.25,
  };
}
