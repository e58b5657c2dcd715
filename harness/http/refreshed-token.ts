// What a refresh returned, read as a token: the first line a command printed, or an access_token.
// It becomes a header value, and it is redacted by value everywhere, so it must be one short run of
// visible characters. Problems never quote it: a token that is wrong in one way is still a secret.

/** Longer than any bearer token in use (a JWT with many claims is a few KiB): past it, the line is something else. */
export const maxTokenChars = 8192;

/** Why `token` cannot be sent as a credential, in words that quote none of it; undefined when it can. */
export function problemWithToken(token: string): string | undefined {
  if (token === '') return 'is empty';
  if (token.length > maxTokenChars)
    return `is ${token.length} characters long, more than a token can be (${maxTokenChars})`;
  // RFC 6750 2.1's b64token and every opaque token in use: visible ASCII, no spaces.
  if (!/^[\x21-\x7e]+$/.test(token)) return 'holds spaces, control or non-ASCII characters, which no token does';
  return undefined;
}

/** The token a command printed: its first line, trimmed; or why there is none. */
export function readPrintedToken(stdout: string): { readonly token: string } | { readonly problem: string } {
  const newline = stdout.search(/\r?\n/);
  const token = (newline === -1 ? stdout : stdout.slice(0, newline)).trim();
  const problem = problemWithToken(token);
  return problem === undefined ? { token } : { problem: `the first line it printed ${problem}` };
}
