// apicert run's flags, parsed once into the run's options (harness/model/run-options.ts): the runner
// lays the pace over the config and records the rest in the result, where replay and merge-reports
// read it back as data. Every bad value is a one-line UsageError naming its flag.
import { advisoryClassId, contractClassId, optInClassIds } from '../harness/model/run-result.js';
import { runPaceBounds, type RunOptions, type RunPace, type RunRequirement } from '../harness/model/run-options.js';
import { UsageError } from '../harness/errors.js';
import { parseInteger, parseList, parsePositiveNumber, parseShard, parseSuites } from './parse-flag-values.js';

/** The flags of apicert run that make its options. */
export interface RunOptionFlags {
  readonly config?: string | undefined;
  readonly openapi?: string | undefined;
  readonly suite?: string | undefined;
  readonly require?: string | undefined;
  readonly strict?: boolean | undefined;
  readonly timeoutMs?: string | undefined;
  readonly rateLimit?: string | undefined;
  readonly concurrency?: string | undefined;
  readonly shard?: string | undefined;
}

/**
 * The options the flags give. `knownClasses` are the classes a check belongs to: a class none
 * belongs to can never pass, so naming one is almost surely a typo.
 */
export function parseRunOptions(flags: RunOptionFlags, knownClasses: readonly string[]): RunOptions {
  const suites = parseSuites(flags.suite);
  const shard = parseShard(flags.shard);
  return {
    ...(flags.config !== undefined ? { configPath: flags.config } : {}),
    ...(flags.openapi !== undefined ? { openapi: flags.openapi } : {}),
    ...(suites !== undefined ? { suites } : {}),
    requirement: parseRequirement(flags, knownClasses),
    pace: parseRunPace(flags),
    ...(shard !== undefined ? { shard } : {}),
  };
}

/** --timeout-ms, --rate-limit and --concurrency; a flag left out sets nothing (the config's value holds). */
export function parseRunPace(flags: Pick<RunOptionFlags, 'timeoutMs' | 'rateLimit' | 'concurrency'>): RunPace {
  const { timeoutMs: time, concurrency: flight } = runPaceBounds;
  const timeoutMs = parseInteger('timeout-ms', flags.timeoutMs, time.min, time.max);
  const rateLimit = parsePositiveNumber('rate-limit', flags.rateLimit, runPaceBounds.rateLimit);
  const concurrency = parseInteger('concurrency', flags.concurrency, flight.min, flight.max);
  return {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
  };
}

// Advice is gated on in addition to the conformance classes, never instead of them: naming only
// "advisory" keeps the default (every class that ran) and adds it, as --strict does. The same holds
// for every opt-in class (the document's contract too): naming only those adds them.
function parseRequirement(flags: RunOptionFlags, knownClasses: readonly string[]): RunRequirement {
  const named = parseRequiredClasses(flags.require, knownClasses);
  if (flags.openapi === undefined && (named ?? []).includes(contractClassId)) {
    throw new UsageError(
      `--require ${contractClassId} judges the answers against an API description: give it with --openapi FILE|URL`,
    );
  }
  const isOptInOnly = named !== undefined && named.every((name) => optInClassIds.includes(name));
  const required = isOptInOnly ? undefined : named;
  return {
    ...(required !== undefined ? { required } : {}),
    strict: flags.strict === true || (isOptInOnly && named.includes(advisoryClassId)),
    also: isOptInOnly ? named.filter((name) => name !== advisoryClassId) : [],
  };
}

function parseRequiredClasses(raw: string | undefined, knownClasses: readonly string[]): string[] | undefined {
  const names = parseList(raw);
  if (names === undefined) return undefined;
  const known = [...new Set(knownClasses), advisoryClassId];
  for (const name of names) {
    if (!known.includes(name))
      throw new UsageError(`--require: unknown conformance class "${name}"; choose from ${known.join(', ')}`);
  }
  if (names.length === 0) throw new UsageError(`--require needs at least one of ${known.join(', ')}`);
  return names;
}
