// Joins the base URL, a path and a query. Pure.

/**
 * Resolves `path` against `baseUrl`, keeping the base URL's own path prefix ("/api/v1"); an absolute
 * http(s) URL is used as is (for links the target returned).
 */
export function resolveTargetUrl(
  baseUrl: string,
  path: string,
  query?: Readonly<Record<string, string | number | undefined>>,
): string {
  const url = /^https?:\/\//i.test(path)
    ? new URL(path)
    : new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
