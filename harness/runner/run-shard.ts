// One shard of a split run (run --shard i/n): the config and suites it runs, the marker its report
// carries so merge-reports can join the parts, and the classes it gates on.
import { createHash } from 'node:crypto';
import type { ApicertConfig } from '../config/config-types.js';
import { UsageError } from '../errors.js';
import { advisoryClassId, type SuiteName } from '../model/run-result.js';
import type { RunOptions, ShardChoice } from '../model/run-options.js';
import type { ShardMarker } from '../model/shard.js';
import { toolVersion } from '../tool-version.js';
import type { PlannedCheck } from './run-checks.js';
import { configOfShard, planShards } from './shard-plan.js';

export interface ShardRun {
  readonly config: ApicertConfig;
  /** The suites to plan: the shard's, within --suite when given. */
  readonly suites: readonly SuiteName[];
  readonly marker: ShardMarker;
}

export function splitForShard(
  config: ApicertConfig,
  shard: ShardChoice,
  baseUrl: string,
  options: Pick<RunOptions, 'suites' | 'checks' | 'requirement'>,
): ShardRun {
  if (shard.index < 1 || shard.index > shard.count)
    throw new UsageError(`--shard ${shard.index}/${shard.count}: the shard must be between 1 and ${shard.count}`);
  const { suites, checks, requirement } = options;
  const plan = planShards(config, shard.count, suites);
  const part = plan[shard.index - 1]!;
  const key = createHash('sha256')
    // The plan too: shards that split differently (another kit, a bug) must not merge.
    .update(
      JSON.stringify({
        version: toolVersion(),
        baseUrl,
        config,
        suites: suites ?? null,
        checks: checks ?? null,
        count: shard.count,
        requirement,
        plan,
      }),
    )
    .digest('hex')
    .slice(0, 16);
  return {
    config: configOfShard(config, part),
    suites: part.suites.filter((suite) => suites === undefined || suites.includes(suite)),
    marker: { index: shard.index, count: shard.count, key, plan, requirement },
  };
}

/**
 * The classes one shard gates its own exit code on: those --require named that it runs checks of
 * (a class it has no check of would only be skipped here, and fail it), so none when it runs none
 * of them; every class it ran when --require was not given. The merged report gates on the whole
 * requirement.
 */
export function requiredInShard(
  required: readonly string[] | undefined,
  planned: readonly PlannedCheck[],
): readonly string[] | undefined {
  if (required === undefined) return undefined;
  const classes = new Set(planned.map((p) => p.check.conformanceClass));
  return required.filter(
    (id) => classes.has(id) || (id === advisoryClassId && planned.some((p) => p.check.level === 'advisory')),
  );
}

/** The note of a shard that runs no class --require names: it gates nothing, so it passes. */
export const gatesNothingNote =
  'this shard runs no class that --require names, so its exit code gates nothing; the report apicert merge-reports makes of every shard is the verdict';
