// Turns raw flag strings into typed values, with one-line usage errors. Pure.
import { UsageError } from '../harness/errors.js';
import { maxShards, type ShardChoice } from '../harness/model/run-options.js';
import { suiteNames, type SuiteName } from '../harness/model/run-result.js';

/** The first long flag given twice (`--seed 1 --seed 2`), which would be ambiguous; undefined if none. */
export function findRepeatedFlag(argv: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const arg of argv) {
    if (arg === '--') break;
    const match = /^--(?:no-)?([^=]+)/.exec(arg);
    if (match === null) continue;
    const name = match[1]!;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** Parses a comma list, dropping blanks. */
export function parseList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items;
}

export function parseSuites(raw: string | undefined): SuiteName[] | undefined {
  const names = parseList(raw);
  if (names === undefined) return undefined;
  for (const name of names) {
    if (!(suiteNames as readonly string[]).includes(name)) {
      throw new UsageError(`--suite: unknown suite "${name}"; choose from ${suiteNames.join(', ')}`);
    }
  }
  if (names.length === 0) throw new UsageError(`--suite needs at least one of ${suiteNames.join(', ')}`);
  return names as SuiteName[];
}

export function parseChoices<T extends string>(flag: string, raw: string, allowed: readonly T[]): T[] {
  const values = parseList(raw) ?? [];
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new UsageError(`--${flag}: unknown value "${value}"; choose from ${allowed.join(', ')}`);
    }
  }
  if (values.length === 0) throw new UsageError(`--${flag} needs at least one of ${allowed.join(', ')}`);
  return values as T[];
}

/** A non-negative integer flag; `min` for flags where 0 makes no sense. */
export function parseInteger(
  flag: string,
  raw: string | undefined,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max} (got "${raw.slice(0, 40)}")`);
  }
  return value;
}

/** A positive decimal number, such as a rate of 0.5 or 20 requests per second. */
export function parsePositiveNumber(
  flag: string,
  raw: string | undefined,
  { min, max }: { readonly min: number; readonly max: number },
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(value) || value < min) {
    throw new UsageError(
      `--${flag} must be a number of at least ${min}, such as 20 or 0.5 (got "${raw.slice(0, 40)}")`,
    );
  }
  if (value > max) throw new UsageError(`--${flag} must be a number of at most ${max} (got "${raw.slice(0, 40)}")`);
  return value;
}

/** --shard i/n: the part of a split run to run, 1-based, at most maxShards parts. */
export function parseShard(raw: string | undefined): ShardChoice | undefined {
  if (raw === undefined) return undefined;
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(raw);
  const [index, count] = match === null ? [NaN, NaN] : [Number(match[1]), Number(match[2])];
  if (!(index >= 1 && count >= 1 && count <= maxShards && index <= count)) {
    throw new UsageError(
      `--shard takes i/n with 1 <= i <= n <= ${maxShards}, such as 2/3 for the second of three parts (got "${raw.slice(0, 40)}")`,
    );
  }
  return { index, count };
}

/** --fail-on: `new` compares with a baseline, so it is meaningless without --baseline. */
export function parseFailOn(raw: string, baseline: string | undefined): 'any' | 'new' {
  const [failOn, ...rest] = parseChoices('fail-on', raw, ['any', 'new'] as const);
  if (failOn === undefined || rest.length > 0)
    throw new UsageError(`--fail-on takes one of any, new (got "${raw.slice(0, 40)}")`);
  if (failOn === 'new' && baseline === undefined) {
    throw new UsageError(
      '--fail-on new gates on failures that are new since a baseline; pass --baseline FILE (an earlier report.json)',
    );
  }
  return failOn;
}
