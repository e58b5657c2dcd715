// The options an earlier run recorded in its report.json (RunResult.options), read back as data for
// apicert replay. A report is the user's file, so each value is held to the bounds its flag has,
// and a bad one is named by its JSON pointer.
import { maxShards, runPaceBounds, type RunOptions, type RunPace, type ShardChoice } from '../model/run-options.js';
import { suiteNames, type SuiteName } from '../model/run-result.js';

type JsonObject = Readonly<Record<string, unknown>>;

/** Reports a bad value: its JSON pointer and what is wrong with it. Never returns. */
export type ReportProblem = (pointer: string, problem: string) => never;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `value` (a report's /options) as RunOptions; `fail` throws for the first bad value. */
export function readRunOptions(value: unknown, fail: ReportProblem): RunOptions {
  const at = '/options';
  if (!isObject(value)) return fail(at, 'must be an object');
  const text = (key: string): string | undefined => {
    const found = value[key];
    if (found === undefined) return undefined;
    if (typeof found !== 'string' || found === '') return fail(`${at}/${key}`, 'must be a non-empty string');
    return found;
  };
  const words = (found: unknown, pointer: string): string[] => {
    if (!Array.isArray(found) || !found.every((item) => typeof item === 'string' && item !== '')) {
      return fail(pointer, 'must be an array of non-empty strings');
    }
    return found as string[];
  };
  const configPath = text('configPath');
  const openapi = text('openapi');
  const suites = value['suites'] === undefined ? undefined : readSuites(value['suites'], `${at}/suites`, fail);
  const checks = value['checks'] === undefined ? undefined : words(value['checks'], `${at}/checks`);
  const requirement = value['requirement'];
  if (!isObject(requirement)) return fail(`${at}/requirement`, 'must be an object');
  if (typeof requirement['strict'] !== 'boolean') return fail(`${at}/requirement/strict`, 'must be true or false');
  const required =
    requirement['required'] === undefined ? undefined : words(requirement['required'], `${at}/requirement/required`);
  const shard = value['shard'] === undefined ? undefined : readShard(value['shard'], `${at}/shard`, fail);
  const replayOf =
    value['replayOf'] === undefined ? undefined : readReplayOf(value['replayOf'], `${at}/replayOf`, fail);
  return {
    ...(configPath !== undefined ? { configPath } : {}),
    ...(openapi !== undefined ? { openapi } : {}),
    ...(suites !== undefined ? { suites } : {}),
    ...(checks !== undefined ? { checks } : {}),
    requirement: {
      ...(required !== undefined ? { required } : {}),
      strict: requirement['strict'],
      also: words(requirement['also'] ?? [], `${at}/requirement/also`),
    },
    pace: readPace(value['pace'], `${at}/pace`, fail),
    ...(shard !== undefined ? { shard } : {}),
    ...(replayOf !== undefined ? { replayOf } : {}),
  };
}

function readReplayOf(value: unknown, pointer: string, fail: ReportProblem): NonNullable<RunOptions['replayOf']> {
  const report = isObject(value) ? value['report'] : undefined;
  const check = isObject(value) ? value['check'] : undefined;
  if (typeof report !== 'string' || report === '' || (check !== undefined && typeof check !== 'string')) {
    return fail(pointer, 'must be {report, check?} with the report replayed and the check named');
  }
  return { report, ...(check !== undefined ? { check } : {}) };
}

function readSuites(value: unknown, pointer: string, fail: ReportProblem): SuiteName[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((name) => suiteNames.includes(name as SuiteName))) {
    return fail(pointer, `must be a non-empty array of ${suiteNames.join(', ')}`);
  }
  return value as SuiteName[];
}

/** Reads a shard's place in its split run ({index, count}), as options.shard and the shard marker give it. */
export function readShard(value: unknown, pointer: string, fail: ReportProblem): ShardChoice {
  const index = isObject(value) ? value['index'] : undefined;
  const count = isObject(value) ? value['count'] : undefined;
  const isPart = (n: unknown): n is number =>
    Number.isSafeInteger(n) && (n as number) >= 1 && (n as number) <= maxShards;
  if (!isPart(index) || !isPart(count) || index > count) {
    return fail(pointer, `must be {index, count} with 1 <= index <= count <= ${maxShards}`);
  }
  return { index, count };
}

function readPace(value: unknown, pointer: string, fail: ReportProblem): RunPace {
  if (!isObject(value)) return fail(pointer, 'must be an object');
  const pace: Record<string, number> = {};
  for (const key of Object.keys(runPaceBounds) as (keyof RunPace)[]) {
    const found = value[key];
    if (found === undefined) continue;
    const { min, max, isInteger } = runPaceBounds[key];
    const isValid =
      typeof found === 'number' &&
      Number.isFinite(found) &&
      found >= min &&
      found <= max &&
      (!isInteger || Number.isInteger(found));
    if (!isValid)
      return fail(`${pointer}/${key}`, `must be ${isInteger ? 'an integer' : 'a number'} from ${min} to ${max}`);
    pace[key] = found;
  }
  return pace;
}
