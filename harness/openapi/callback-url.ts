// Where a callback's URL comes from, read off its runtime expression (OpenAPI 3.x "Runtime
// Expressions"): "{$request.body#/url}", "{$request.body#/subscriber/url}/events",
// "{$request.query.callbackUrl}/data" or "{$request.header.X-Hook}". Pure.

/** The request field that carries the callback URL, and what the target adds after it. */
export type CallbackUrlSource =
  | { readonly in: 'body'; readonly path: readonly string[]; readonly suffix: string }
  | { readonly in: 'query' | 'header'; readonly name: string; readonly suffix: string };

const expression = /^\{\$request\.(?:body#(\/[^}]*)|(query|header)\.([^}]+))\}(.*)$/;

/** The source of a callback URL taken from the request; undefined for a fixed URL or one from the response. */
export function callbackUrlSourceOf(key: string): CallbackUrlSource | undefined {
  const match = expression.exec(key);
  if (match === null) return undefined;
  const [, pointer, where, name, suffix = ''] = match;
  if (pointer !== undefined) {
    const path = pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    return path.length === 0 || path.includes('') ? undefined : { in: 'body', path, suffix };
  }
  return { in: where as 'query' | 'header', name: name!, suffix };
}

/** "the body field "subscriber.url"", "its query parameter "callbackUrl"": for the lines init prints. */
export function describeSource(source: CallbackUrlSource): string {
  const after = source.suffix === '' ? '' : ` (the target adds "${source.suffix}" after it)`;
  switch (source.in) {
    case 'body':
      return `the body field "${source.path.join('.')}"${after}`;
    case 'query':
      return `its query parameter "${source.name}"${after}`;
    case 'header':
      return `its header "${source.name}"${after}`;
  }
}

/** `body` with `value` placed at `path`, objects made on the way; `body` is left as it is. */
export function placedAt(
  body: Readonly<Record<string, unknown>>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return { ...body };
  const inner = body[head];
  const next =
    rest.length === 0
      ? value
      : placedAt(
          typeof inner === 'object' && inner !== null && !Array.isArray(inner)
            ? (inner as Record<string, unknown>)
            : {},
          rest,
          value,
        );
  return { ...body, [head]: next };
}
