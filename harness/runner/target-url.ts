// Joins the base URL, a path and a query. Pure.
import { HttpPathRefusedError } from '../errors.js';
import { dotSegmentIn } from '../http/dot-segment.js';

/**
 * Resolves `path` against `baseUrl`, keeping the base URL's own path prefix ("/api/v1"); an absolute
 * http(s) URL is used as is (for links the target returned).
 */
export function resolveTargetUrl(
  baseUrl: string,
  path: string,
  query?: Readonly<Record<string, string | number | undefined>>,
): string {
  // Before the parser folds it: /widgets/.. would become / (the API root).
  const dot = dotSegmentIn(path);
  if (dot !== undefined)
    throw new HttpPathRefusedError(
      `${path} was not sent: its path holds the dot segment "${dot}", which a URL folds into a neighbouring resource`,
    );
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
