// The Cookie header that sends back every cookie an answer set: a session cookie need not be the
// first. A repeated Set-Cookie arrives joined with ", ", which an Expires date also holds, hence
// the split only before another "name=". Pure.

export function cookieHeaderOf(setCookie: string | undefined): string | undefined {
  if (setCookie === undefined) return undefined;
  const pairs = setCookie
    .split(/,(?=\s*[^;,=\s]+=)/)
    .map((cookie) => cookie.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('='));
  return pairs.length === 0 ? undefined : pairs.join('; ');
}
