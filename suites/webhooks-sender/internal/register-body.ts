// The registration body: {sinkUrl} and {secret} in any string of the configured template. Pure.

type Body = Readonly<Record<string, unknown>>;

/** A copy of `template` with {sinkUrl} and {secret} replaced in every string, at any depth. */
export function fillRegisterBody(template: Body, values: { readonly sinkUrl: string; readonly secret: string }): Record<string, unknown> {
  return fillValue(template, values) as Record<string, unknown>;
}

function fillValue(value: unknown, values: { readonly sinkUrl: string; readonly secret: string }): unknown {
  // A function replacer, so "$&" or "$1" inside a URL or secret is taken literally.
  if (typeof value === 'string') return value.replace(/\{(sinkUrl|secret)\}/g, (_placeholder, name: string) => (name === 'sinkUrl' ? values.sinkUrl : values.secret));
  if (Array.isArray(value)) return value.map((item) => fillValue(item, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillValue(item, values)]));
  }
  return value;
}
