// A body for the config from a documented request body: the document's example when it has one,
// otherwise one generated from the schema (json-schema-faker, seeded, required fields only, readOnly
// fields left out) and kept only if it validates against that schema (ajv). Then the placeholders
// the kit fills per record: {unique} in plain strings (so unique fields never collide),
// {fixture:NAME} in a field naming another collection's record, {parentId} in a child's parent field.
import { generateSync } from 'json-schema-faker';
import type { JsonSchema } from './api-model.js';
import { singularOf } from './find-collections.js';
import { compileSchema } from './schema-validator.js';

export interface SampleContext {
  readonly seed: number;
  /** "3.1.0", "3.0.3" or "2.0": which JSON Schema draft the document's schemas follow. */
  readonly version: string;
  /** Collections found, by name: a field "customerId" refers to "customers". */
  readonly collectionNames: readonly string[];
  /** The field of a child's body that names its parent. */
  readonly parentField?: string;
  /** The collection the body creates a record of: its own id field is never a fixture. */
  readonly ownName?: string;
}

export type SampleBody =
  | { readonly ok: true; readonly body: Record<string, unknown>; readonly from: 'example' | 'generated' }
  | { readonly ok: false; readonly why: string };

// Room the kit's {unique} token needs in a string, with the space before it.
const uniqueRoom = 14;

export function sampleBody(
  documented: { readonly schema: JsonSchema; readonly example?: unknown },
  context: SampleContext,
): SampleBody {
  const fromExample = isObject(documented.example);
  let body: Record<string, unknown>;
  if (fromExample) body = { ...(documented.example as Record<string, unknown>) };
  else {
    const generated = generate(documented.schema, context);
    if (!generated.ok) return generated;
    body = generated.body;
  }
  return {
    ok: true,
    body: keepValid(withPlaceholders(body, documented.schema, context), body, documented.schema, context.version),
    from: fromExample ? 'example' : 'generated',
  };
}

// The kit fills {unique} with a short token of letters and digits; a field whose schema refuses the
// value with it (a pattern, a const, a format inside oneOf) keeps its plain value instead.
const uniqueStandIn = 'q7k2m9p4x1';

/** `body` as the kit would send it, for validating: {unique} filled, a fixture or parent id as the document's value. */
function asSent(
  body: Readonly<Record<string, unknown>>,
  original: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\{(fixture:[^}]+|parentId)\}$/.test(value)
        ? original[name]
        : typeof value === 'string'
          ? value.replaceAll('{unique}', uniqueStandIn)
          : value,
    ]),
  );
}

/** `placed` with each {unique} that would make the body invalid taken back out, one field at a time. */
function keepValid(
  placed: Record<string, unknown>,
  original: Readonly<Record<string, unknown>>,
  schema: JsonSchema,
  version: string,
): Record<string, unknown> {
  const isValid = (body: Readonly<Record<string, unknown>>): boolean =>
    validationProblem(schema, asSent(body, original), version) === undefined;
  // A document's example that its own schema refuses is not {unique}'s doing: keep it as placed.
  if (isValid(placed) || !isValid(Object.fromEntries(Object.keys(placed).map((name) => [name, original[name]]))))
    return placed;
  const kept: Record<string, unknown> = { ...placed };
  for (const [name, value] of Object.entries(placed)) {
    if (typeof value !== 'string' || !value.includes('{unique}')) continue;
    kept[name] = original[name];
    if (isValid(kept)) break;
  }
  return kept;
}

/** Why `body` (with the kit's placeholders) would not validate against `schema`; undefined when it would. */
export function bodyProblem(
  body: Readonly<Record<string, unknown>>,
  original: Readonly<Record<string, unknown>>,
  schema: JsonSchema,
  version: string,
): string | undefined {
  return validationProblem(schema, asSent(body, original), version);
}

function generate(schema: JsonSchema, context: SampleContext): SampleBody {
  if (schema['type'] !== undefined && schema['type'] !== 'object')
    return { ok: false, why: `the request body is not a JSON object (type ${JSON.stringify(schema['type'])})` };
  const writable = writableRequired(schema);
  let value: unknown;
  try {
    value = generateSync(
      writable as never,
      { seed: context.seed, alwaysFakeOptionals: false, optionalsProbability: 0 } as never,
    );
  } catch (error) {
    return {
      ok: false,
      why: `no body could be generated from its schema (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    };
  }
  if (!isObject(value)) return { ok: false, why: 'the body generated from its schema is not a JSON object' };
  const problem = validationProblem(schema, value, context.version);
  if (problem !== undefined)
    return {
      ok: false,
      why: `the body generated from its schema does not validate against it (${problem}); give the operation an example`,
    };
  return { ok: true, body: value as Record<string, unknown>, from: 'generated' };
}

/** The schema with readOnly properties left out and only required ones kept, one level deep. */
function writableRequired(schema: JsonSchema): JsonSchema {
  const properties = (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {};
  const required = ((schema['required'] as string[] | undefined) ?? []).filter(
    (name) => properties[name]?.['readOnly'] !== true,
  );
  return {
    ...schema,
    properties: Object.fromEntries(
      required.filter((name) => properties[name] !== undefined).map((name) => [name, properties[name]!]),
    ),
    required,
  };
}

function validationProblem(schema: JsonSchema, value: unknown, version: string): string | undefined {
  const check = compileSchema(schema, { version, formats: false, direction: 'request' });
  return check.ok ? check.problemOf(value) : check.why;
}

function withPlaceholders(
  body: Record<string, unknown>,
  schema: JsonSchema,
  context: SampleContext,
): Record<string, unknown> {
  const properties = (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {};
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (properties[name]?.['readOnly'] === true) continue;
    if (name === context.parentField) {
      result[name] = '{parentId}';
      continue;
    }
    const referred = referredCollection(name, context);
    // A whole placeholder takes the id's own type when filled, so a numeric foreign key works too.
    if (referred !== undefined && (typeof value === 'string' || Number.isInteger(value))) {
      result[name] = `{fixture:${referred}}`;
      continue;
    }
    // A field the schema does not describe at its top (oneOf, allOf) keeps its value: no rule is known.
    result[name] =
      typeof value === 'string' && properties[name] !== undefined ? withUnique(value, properties[name]) : value;
  }
  return result;
}

/** The collection a field such as "customerId" or "customer_id" names, other than the body's own. */
function referredCollection(field: string, context: SampleContext): string | undefined {
  return context.collectionNames.find(
    (name) =>
      name !== context.ownName &&
      [`${singularOf(name)}Id`, `${singularOf(name)}_id`, `${singularOf(name)}ID`].includes(field),
  );
}

function withUnique(value: string, schema: JsonSchema): string {
  if (schema['enum'] !== undefined || schema['const'] !== undefined || schema['pattern'] !== undefined) return value;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Number.POSITIVE_INFINITY;
  if (value.length + uniqueRoom > maxLength) return value;
  if (schema['format'] === 'email') {
    const at = value.indexOf('@');
    return at > 0 ? `${value.slice(0, at)}.{unique}${value.slice(at)}` : value;
  }
  return schema['format'] === undefined ? `${value} {unique}` : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `body` with its fields changed within their schema (another enum value, a number one step away,
 * a string with a suffix that still fits, an email with a longer local part), for PUT and PATCH
 * bodies; placeholders ({fixture:…}, {parentId}) and fields that cannot change stay as they are.
 * `only` limits the result to the first field that could change.
 */
export function changedBody(
  body: Readonly<Record<string, unknown>>,
  schema: JsonSchema,
  only?: 'first',
): Record<string, unknown> {
  const properties = (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {};
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    // Only fields the schema names: a PATCH schema may take fewer than the create body has.
    if (properties[name] === undefined) {
      if (only !== 'first') result[name] = value;
      continue;
    }
    const changed = changedValue(value, properties[name]);
    if (only === 'first') {
      if (changed !== undefined) return { [name]: changed };
      continue;
    }
    result[name] = changed ?? value;
  }
  return result;
}

function changedValue(value: unknown, schema: JsonSchema): unknown {
  const choices = schema['enum'];
  if (Array.isArray(choices)) return choices.find((choice) => choice !== value);
  if (typeof value === 'number') {
    const step = schema['type'] === 'integer' || Number.isInteger(value) ? 1 : 0.5;
    const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : Number.POSITIVE_INFINITY;
    const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : Number.NEGATIVE_INFINITY;
    if (value + step <= maximum) return value + step;
    return value - step >= minimum ? value - step : undefined;
  }
  if (
    typeof value !== 'string' ||
    /^\{(fixture:[^}]+|parentId)\}$/.test(value) ||
    schema['pattern'] !== undefined ||
    schema['const'] !== undefined
  )
    return undefined;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Number.POSITIVE_INFINITY;
  if (schema['format'] === 'email') {
    const at = value.indexOf('@');
    return at > 0 && value.length + 2 <= maxLength ? `${value.slice(0, at)}.r${value.slice(at)}` : undefined;
  }
  if (schema['format'] !== undefined) return undefined;
  return value.length + ' changed'.length <= maxLength ? `${value} changed` : undefined;
}
