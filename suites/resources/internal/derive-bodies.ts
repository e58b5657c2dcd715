// PUT and PATCH bodies when the config gives none: derived from the sample. Pure.

type Body = Readonly<Record<string, unknown>>;

/** The sample with every string changed, so a replace is visible; no field is left out. */
export function deriveReplaceBody(sample: Body): Body {
  return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, changeString(value, 'replaced')]));
}

/** The first string field of the sample, changed; undefined when the sample has no string field. */
export function derivePatchBody(sample: Body): Body | undefined {
  const entry = Object.entries(sample).find(([, value]) => typeof value === 'string' && !/^\{(fixture:[^}]+|parentId)\}$/.test(value));
  return entry === undefined ? undefined : { [entry[0]]: changeString(entry[1], 'patched') };
}

function changeString(value: unknown, label: string): unknown {
  if (typeof value !== 'string' || /^\{(fixture:[^}]+|parentId)\}$/.test(value)) return value;
  return `${value} ${label}`;
}
