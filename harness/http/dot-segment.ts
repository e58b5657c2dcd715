// Dot segments in a path as written: "." and "..", also percent-encoded ("%2e", ".%2E"). RFC 3986
// 5.2.4 and the WHATWG URL parser remove them, so a path built from an id the target chose (".."
// under /widgets) would reach a neighbouring resource, the API root or the collection itself. The
// kit never sends such a path: it is read before any parser sees it. Pure.

/** The first dot segment of the path of `urlOrPath` (query and fragment excluded), or undefined. */
export function dotSegmentIn(urlOrPath: string): string | undefined {
  const withoutOrigin = urlOrPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/, 1)[0] ?? '';
  for (const segment of path.split('/')) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '.' || plain === '..') return segment;
  }
  return undefined;
}
