// Assembles the one result model from check results. Pure.
import type { CheckResult, ConfigDerivation, RunNote, RunResult } from '../model/run-result.js';
import type { MergedShards, ShardMarker } from '../model/shard.js';
import { judgeClasses, judgeRun, summarizeChecks } from '../model/verdicts.js';

export interface RunFacts {
  readonly version: string;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  readonly required: readonly string[] | undefined;
  readonly strict?: boolean;
  /** Opt-in classes required on top of the default. */
  readonly also?: readonly string[];
  readonly replayCommand: string;
  readonly interrupted?: string;
  readonly configDerivation?: ConfigDerivation;
  readonly shard?: ShardMarker;
  readonly merged?: MergedShards;
}

export function buildRunResult(
  facts: RunFacts,
  checks: readonly CheckResult[],
  notes: readonly RunNote[] = [],
): RunResult {
  const classes = judgeClasses(checks, {
    required: facts.required,
    strict: facts.strict === true,
    ...(facts.also !== undefined ? { also: facts.also } : {}),
  });
  return {
    tool: { name: 'apicert', version: facts.version },
    target: { baseUrl: facts.baseUrl },
    startedAt: facts.startedAt,
    durationMs: facts.durationMs,
    seed: facts.seed,
    summary: summarizeChecks(checks),
    verdict: judgeRun(classes),
    classes,
    checks,
    replayCommand: facts.replayCommand,
    ...(facts.interrupted !== undefined ? { interrupted: facts.interrupted } : {}),
    notes,
    ...(facts.configDerivation !== undefined ? { configDerivation: facts.configDerivation } : {}),
    ...(facts.shard !== undefined ? { shard: facts.shard } : {}),
    ...(facts.merged !== undefined ? { merged: facts.merged } : {}),
  };
}
