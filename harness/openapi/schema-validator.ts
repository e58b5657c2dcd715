// Validates values against a document's schemas with the JSON Schema draft its version uses: 2020-12
// for OpenAPI 3.1, draft-07 (after rewriting the few draft-4 keywords) for 3.0 and Swagger 2.0.
// One ajv per draft and per format setting, and one compiled validator per schema object, reused:
// a run validates thousands of answers against a few dozen schemas.
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';
import type { JsonSchema } from './api-model.js';

/** What a compiled schema says of a value: undefined when valid, else its first problem in words. */
export type SchemaCheck =
  | { readonly ok: true; readonly problemOf: (value: unknown) => string | undefined }
  | { readonly ok: false; readonly why: string };

export interface SchemaOptions {
  /** "3.1.0", "3.0.3" or "2.0". */
  readonly version: string;
  /** Check `format` ("date-time", "email", "uuid"…); off for bodies the kit generates itself. */
  readonly formats: boolean;
  /** Fields left out of `required` at the top: readOnly ones in a request, writeOnly ones in an answer. */
  readonly direction: 'request' | 'answer';
}

// A safety bound only: the contract redacts secrets first and then cuts to its own, far smaller,
// length (a cut here could split an echoed secret that redaction would then miss, but never within
// the part that is kept).
const maxProblemLength = 64 * 1024;

// A document's `pattern` runs over the target's answers: a backtracking engine lets the two together
// hang the run ("^(a|a)*$" against "aaaa…!"), so patterns run in RE2's linear time (re2js, pure JS).
// A pattern RE2 cannot read (a lookahead, a backreference) makes its schema "does not compile": left
// out, with why. No logger: ajv's warnings would print the document's text to the terminal raw.
function linearRegExp(pattern: string, flags: string): { test(text: string): boolean } {
  const compiled = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  return { test: (text) => compiled.matcher(text).find() };
}
const validatorOptions = {
  strict: false,
  allErrors: false,
  logger: false,
  code: { regExp: linearRegExp as never },
} as const;
const instances = new Map<string, Ajv | Ajv2020>();
const compiled = new Map<string, WeakMap<JsonSchema, SchemaCheck>>();

function ajvFor(is31: boolean, formats: boolean): Ajv | Ajv2020 {
  const key = `${is31 ? '2020' : '07'}:${formats}`;
  let ajv = instances.get(key);
  if (ajv === undefined) {
    ajv = is31
      ? new Ajv2020({ ...validatorOptions, validateFormats: formats })
      : new Ajv({ ...validatorOptions, validateFormats: formats });
    // ajv-formats is CommonJS: imported from ESM, the plugin is its `default` (it sets one on itself).
    if (formats) addFormats.default(ajv as never);
    instances.set(key, ajv);
  }
  return ajv;
}

/** Compiles `schema` once for `options`; a schema that does not compile says why (an unresolved $ref, say). */
export function compileSchema(schema: JsonSchema, options: SchemaOptions): SchemaCheck {
  const is31 = options.version.startsWith('3.1');
  const cacheKey = `${is31}:${options.formats}:${options.direction}`;
  let cache = compiled.get(cacheKey);
  if (cache === undefined) compiled.set(cacheKey, (cache = new WeakMap()));
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  let result: SchemaCheck;
  try {
    const ajv = ajvFor(is31, options.formats);
    const directed = withoutOneSidedRequired(schema, options.direction === 'request' ? 'readOnly' : 'writeOnly', 0);
    const validate: ValidateFunction = ajv.compile(is31 ? directed : asDraft7(directed, 0));
    result = { ok: true, problemOf: (value) => (validate(value) ? undefined : describeFirstError(validate)) };
  } catch (error) {
    result = {
      ok: false,
      why: `its schema does not compile: ${oneLine(error instanceof Error ? error.message : String(error))}`,
    };
  }
  cache.set(schema, result);
  return result;
}

function describeFirstError(validate: ValidateFunction): string {
  const [first] = validate.errors ?? [];
  if (first === undefined) return 'invalid';
  const params = first.params as Record<string, unknown>;
  const extra =
    typeof params['additionalProperty'] === 'string'
      ? ` ("${params['additionalProperty']}")`
      : Array.isArray(params['allowedValues'])
        ? ` (one of ${params['allowedValues']
            .slice(0, 10)
            .map((value) => JSON.stringify(value))
            .join(', ')}${params['allowedValues'].length > 10 ? ', …' : ''})`
        : '';
  return oneLine(`${first.instancePath || '/'} ${first.message ?? 'is invalid'}${extra}`);
}

function oneLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > maxProblemLength ? `${line.slice(0, maxProblemLength - 1)}…` : line;
}

// readOnly fields are answers, not requests, and writeOnly ones the reverse: a body without them is
// valid, at any depth (an item of a page, a nested object). Bounded in depth like the documents.
function withoutOneSidedRequired(schema: unknown, keyword: 'readOnly' | 'writeOnly', depth: number): JsonSchema {
  if (typeof schema !== 'object' || schema === null || depth > 64) return (schema ?? {}) as JsonSchema;
  if (Array.isArray(schema))
    return schema.map((item) => withoutOneSidedRequired(item, keyword, depth + 1)) as unknown as JsonSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = typeof value === 'object' && value !== null ? withoutOneSidedRequired(value, keyword, depth + 1) : value;
  const required = out['required'];
  const properties = out['properties'];
  if (Array.isArray(required) && typeof properties === 'object' && properties !== null) {
    const named = properties as Record<string, Record<string, unknown> | undefined>;
    out['required'] = required.filter((name) => named[String(name)]?.[keyword] !== true);
  }
  return out;
}

/**
 * An OpenAPI 3.0 or Swagger schema in draft-07 terms: `nullable` as a null type, and the boolean
 * exclusiveMinimum/exclusiveMaximum of draft 4 as numbers. Bounded in depth like the documents.
 */
function asDraft7(schema: unknown, depth: number): JsonSchema {
  if (typeof schema !== 'object' || schema === null || depth > 64) return (schema ?? {}) as JsonSchema;
  if (Array.isArray(schema)) return schema.map((item) => asDraft7(item, depth + 1)) as unknown as JsonSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = typeof value === 'object' && value !== null ? asDraft7(value, depth + 1) : value;
  // 3.0's nullable, and Swagger 2.0's x-nullable (2.0 has no nullable of its own).
  if (out['nullable'] === true || out['x-nullable'] === true) {
    delete out['nullable'];
    delete out['x-nullable'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
    if (typeof out['type'] === 'string') out['type'] = [out['type'], 'null'];
    // Without a type (nullable beside allOf: [$ref], a common 3.0 form): the schema, or null.
    else if (out['type'] === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[bound] === true && typeof out[limit] === 'number') {
      out[bound] = out[limit];
      delete out[limit];
    } else if (out[bound] === false) delete out[bound];
  }
  return out;
}
