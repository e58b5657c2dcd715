// Splits an absolute URL into the origin undici connects to and the path it requests. A walk sends
// thousands of URLs that differ only in their query, so the common shape is split as text, with the
// origin normalised once per distinct prefix; anything unusual goes through the WHATWG parser.

/** What undici's dispatcher needs for one request. */
export interface RequestTarget {
  readonly origin: string;
  /** Path and query, e.g. "/customers?limit=5". */
  readonly path: string;
}

// Scheme and authority, then a path made only of characters the URL parser leaves untouched.
const PLAIN_URL = /^(https?:\/\/[^/?#\\]+)(\/[A-Za-z0-9\-._~!$&()*+,;=:@%/]*(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@%/?]+)?)?$/;
// The parser rewrites dot segments ("/a/../b", also spelled %2e), so those paths take the slow way.
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

const originsByPrefix = new Map<string, string>();

/** The origin and path of an http(s) URL; throws TypeError for anything else. */
export function toRequestTarget(url: string): RequestTarget {
  const match = PLAIN_URL.exec(url);
  if (match !== null && !DOT_SEGMENT.test(match[2] ?? '')) {
    const prefix = match[1]!;
    let origin = originsByPrefix.get(prefix);
    if (origin === undefined) {
      origin = new URL(prefix).origin;
      // A run talks to one or two origins; the bound only guards against a target minting hosts.
      if (originsByPrefix.size < 64) originsByPrefix.set(prefix, origin);
    }
    return { origin, path: match[2] ?? '/' };
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`only http: and https: URLs can be sent (got ${parsed.protocol})`);
  }
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}
