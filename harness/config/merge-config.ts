// A config laid over another: what `apicert run --openapi` does with the config derived from the
// document and the --config file. Objects merge key by key, the file's value winning; an array or a
// plain value in the file replaces the derived one whole (the file's collections are the
// collections). Pure.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` laid on `base`; neither is changed. */
export function mergeConfig(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = mergeConfig(base[key], value);
  return merged;
}
