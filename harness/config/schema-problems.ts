// Turns ajv's errors into problem lines a user can act on: a JSON pointer, what is wrong in
// plain words, and how to fix it. ajv (allErrors) reports a wrong type and the enum or pattern
// it then also misses at the same place; only the type error is kept, as it is the real problem.
import type { ErrorObject } from 'ajv';
import { listConfigKeys } from './config-keys.js';
import { CONFIG_PATTERNS } from './config-patterns.js';
import { findNearestName } from './nearest-name.js';
import { hasUrlUserInfo } from './url-user-info.js';
import type { ConfigProblem } from './problem-line.js';
import { childPointer, showValue } from './problem-line.js';
import type { SchemaNode } from './schema.js';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'a list (JSON array)',
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
};

function describeType(type: unknown): string {
  return TYPE_WORDS[String(type)] ?? String(type);
}

function quoteAll(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

// A key that is right but misplaced ("maxPageSize" under "target") is found by its name.
function findHomesOfKey(key: string): string[] {
  const lowered = key.toLowerCase();
  return listConfigKeys().filter((path) => path.split('.').at(-1)?.toLowerCase() === lowered);
}

function describeUnknownKey(error: ErrorObject, fileLabel: string): ConfigProblem {
  const key = String(error.params['additionalProperty']);
  const parent = error.parentSchema as SchemaNode | undefined;
  const allowed = Object.keys(parent?.properties ?? {});
  const pointer = childPointer(error.instancePath, key);
  const what = `unknown key ${showValue(key)}`;
  const nearest = findNearestName(key, allowed);
  if (nearest !== undefined) return { pointer, what, fix: `did you mean ${JSON.stringify(nearest)}?` };
  const homes = findHomesOfKey(key);
  if (homes.length === 0) return { pointer, what, fix: `remove it; keys allowed here: ${quoteAll(allowed)}` };
  const home = homes.length === 1 ? homes[0] : `one of ${homes.join(', ')}`;
  return { pointer, what, fix: `it belongs at ${home}; move it there in ${fileLabel}` };
}

function describeMissingKey(error: ErrorObject): ConfigProblem {
  const key = String(error.params['missingProperty']);
  const parent = error.parentSchema as SchemaNode | undefined;
  const meaning = parent?.properties?.[key]?.description;
  return {
    pointer: childPointer(error.instancePath, key),
    what: `required key ${JSON.stringify(key)} is missing`,
    fix: meaning === undefined ? 'add it' : `add it (${meaning.replace(/\.$/, '')})`,
  };
}

function describePatternMismatch(error: ErrorObject, fileLabel: string): ConfigProblem {
  const source = String(error.params['pattern']);
  if (typeof error.data === 'string' && hasUrlUserInfo(error.data)) {
    return {
      pointer: error.instancePath,
      what: `must not carry a user name or password (got ${showValue(error.data)})`,
      fix: 'remove "user:password@"; the token goes in the environment variable named by target.auth.tokenEnv, never in the file',
    };
  }
  const expected =
    CONFIG_PATTERNS.find((format) => format.pattern === source)?.expected ?? `a string matching ${source}`;
  return {
    pointer: error.instancePath,
    what: `must be ${expected} (got ${showValue(error.data)})`,
    fix: `fix ${fileLabel}`,
  };
}

function describeEnumMiss(error: ErrorObject, fileLabel: string): ConfigProblem {
  const allowed = (error.params['allowedValues'] as readonly unknown[]).map(String);
  const got = error.data;
  const nearest = typeof got === 'string' ? findNearestName(got, allowed) : undefined;
  return {
    pointer: error.instancePath,
    what: `must be one of ${quoteAll(allowed)} (got ${showValue(got)})`,
    fix: nearest === undefined ? `fix ${fileLabel}` : `did you mean ${JSON.stringify(nearest)}?`,
  };
}

function describeRepeatedItem(error: ErrorObject): ConfigProblem {
  const indexes = [Number(error.params['i']), Number(error.params['j'])];
  const first = Math.min(...indexes);
  const second = Math.max(...indexes);
  const items = error.data as readonly unknown[];
  return {
    pointer: error.instancePath,
    what: `lists ${showValue(items[first])} twice (items ${first} and ${second})`,
    fix: 'remove the repeat',
  };
}

function describeError(error: ErrorObject, fileLabel: string): ConfigProblem {
  const at = error.instancePath;
  const got = showValue(error.data);
  const fix = `fix ${fileLabel}`;
  switch (error.keyword) {
    case 'additionalProperties':
      return describeUnknownKey(error, fileLabel);
    case 'required':
      return describeMissingKey(error);
    case 'type':
      return { pointer: at, what: `must be ${describeType(error.params['type'])} (got ${got})`, fix };
    case 'enum':
      return describeEnumMiss(error, fileLabel);
    case 'pattern':
      return describePatternMismatch(error, fileLabel);
    case 'minLength':
      return { pointer: at, what: 'must not be empty', fix };
    case 'minimum':
      return { pointer: at, what: `must be at least ${String(error.params['limit'])} (got ${got})`, fix };
    case 'maximum':
      return { pointer: at, what: `must be at most ${String(error.params['limit'])} (got ${got})`, fix };
    case 'exclusiveMinimum':
      return { pointer: at, what: `must be greater than ${String(error.params['limit'])} (got ${got})`, fix };
    case 'minItems':
      return { pointer: at, what: `must list at least ${String(error.params['limit'])} item(s) (got ${got})`, fix };
    case 'maxItems':
      return {
        pointer: at,
        what: `lists more than apicert certifies in one run: at most ${String(error.params['limit'])} item(s) (got ${describeCount(error.data)})`,
        fix: 'split the API into several configs, each run on its own (apicert run --config)',
      };
    case 'uniqueItems':
      return describeRepeatedItem(error);
    default:
      return { pointer: at, what: `${error.message ?? 'is not valid'} (got ${got})`, fix };
  }
}

/** Turns ajv's errors (compiled with allErrors and verbose) into one problem per real mistake. */
export function toSchemaProblems(errors: readonly ErrorObject[], fileLabel: string): ConfigProblem[] {
  const pathsWithTypeError = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const kept = errors.filter((e) => e.keyword === 'type' || !pathsWithTypeError.has(e.instancePath));
  return kept.map((error) => describeError(error, fileLabel));
}

function describeCount(data: unknown): string {
  return Array.isArray(data) ? String(data.length) : 'more';
}
