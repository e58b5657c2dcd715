// The property names a record schema gives, looking through allOf, oneOf and anyOf: a record is
// often composed (petstore-expanded's Pet is allOf[NewPet, {properties: {id}}]), so its top-level
// `properties` alone miss its id. Pure.
import type { JsonSchema } from './api-model.js';

export interface SchemaProperties {
  /** Names every valid record has a place for: its own properties, every allOf part's, and those all oneOf (or anyOf) branches share. */
  readonly always: ReadonlySet<string>;
  /** Names only some oneOf or anyOf branches give. */
  readonly sometimes: ReadonlySet<string>;
}

// A dereferenced document may be circular (a Node whose children are Nodes): the walk stops here.
const maxDepth = 8;

const asSchemas = (value: unknown): JsonSchema[] =>
  Array.isArray(value)
    ? value.filter((item): item is JsonSchema => typeof item === 'object' && item !== null && !Array.isArray(item))
    : [];

export function propertiesOf(schema: JsonSchema | undefined): SchemaProperties {
  return walk(schema, 0, new Set());
}

function walk(schema: JsonSchema | undefined, depth: number, seen: Set<JsonSchema>): SchemaProperties {
  const always = new Set<string>();
  const sometimes = new Set<string>();
  if (schema === undefined || depth > maxDepth || seen.has(schema)) return { always, sometimes };
  const inside = new Set(seen).add(schema);
  const own = schema['properties'];
  if (typeof own === 'object' && own !== null && !Array.isArray(own))
    for (const name of Object.keys(own)) always.add(name);
  for (const part of asSchemas(schema['allOf'])) {
    const found = walk(part, depth + 1, inside);
    for (const name of found.always) always.add(name);
    for (const name of found.sometimes) sometimes.add(name);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = asSchemas(schema[keyword]).map((branch) => walk(branch, depth + 1, inside));
    if (branches.length === 0) continue;
    const everywhere = [...branches[0]!.always].filter((name) => branches.every((branch) => branch.always.has(name)));
    for (const name of everywhere) always.add(name);
    for (const branch of branches)
      for (const name of [...branch.always, ...branch.sometimes]) if (!always.has(name)) sometimes.add(name);
  }
  for (const name of always) sometimes.delete(name);
  return { always, sometimes };
}
