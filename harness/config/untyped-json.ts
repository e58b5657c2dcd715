// Readers for the file before it is known to be valid. The cross-field checks run even when the
// schema found problems, so the user sees every problem at once; a value of the wrong type reads
// as absent here, since the schema already reports it.

export type JsonObject = Readonly<Record<string, unknown>>;

/** The value as an object, or undefined for anything else (arrays included). */
export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The value as a list, or an empty list. */
export function asList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value as a string, or undefined. */
export function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value as a whole number of at least 1, the only kind of size or budget the schema allows. */
export function asPositiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/** Follows object keys from `root`; undefined as soon as one is missing or not an object. */
export function readPath(root: unknown, ...keys: readonly string[]): unknown {
  let current: unknown = root;
  for (const key of keys) {
    const object = asObject(current);
    if (object === undefined || !Object.hasOwn(object, key)) return undefined;
    current = object[key];
  }
  return current;
}
