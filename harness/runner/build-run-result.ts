// Assembles the one result model from check results. Pure.
import type { RunOptions } from '../model/run-options.js';
import type { CheckResult, ConfigDerivation, RunNote, RunResult } from '../model/run-result.js';
import type { MergedShards, ShardMarker } from '../model/shard.js';
import { judgeClasses, judgeRun, summarizeChecks } from '../model/verdicts.js';
import { describeReplayCommand } from './replay-line.js';

export interface RunFacts {
  readonly version: string;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  /** What the run was asked to do; its requirement decides which classes gate, its replay line is derived from it. */
  readonly options: RunOptions;
  /** The classes this result gates on, where not those options.requirement names (a shard gates on its share). */
  readonly gateRequired?: readonly string[] | undefined;
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
  const { requirement } = facts.options;
  const classes = judgeClasses(checks, {
    required: facts.gateRequired ?? requirement.required,
    strict: requirement.strict,
    also: requirement.also,
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
    options: facts.options,
    replayCommand: describeReplayCommand(facts.baseUrl, facts.seed, facts.options),
    ...(facts.interrupted !== undefined ? { interrupted: facts.interrupted } : {}),
    notes,
    ...(facts.configDerivation !== undefined ? { configDerivation: facts.configDerivation } : {}),
    ...(facts.shard !== undefined ? { shard: facts.shard } : {}),
    ...(facts.merged !== undefined ? { merged: facts.merged } : {}),
  };
}
