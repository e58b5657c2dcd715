// The refresh of target.auth (target.auth.refresh): exactly one way to get a token, only for an API
// that takes one, and a token endpoint the client secret may travel to. Pure.
import { HTTP_URL } from './config-patterns.js';
import type { ConfigProblem } from './problem-line.js';
import { showValue } from './problem-line.js';
import { asObject, asText, readPath } from './untyped-json.js';

const at = '/target/auth/refresh';

export function checkAuthRefresh(raw: unknown): ConfigProblem[] {
  const refresh = asObject(readPath(raw, 'target', 'auth', 'refresh'));
  if (refresh === undefined) return [];
  const ways = ['command', 'oauth2ClientCredentials'].filter((key) => refresh[key] !== undefined);
  const problems: ConfigProblem[] = [];
  if (readPath(raw, 'target', 'auth', 'none') === true)
    problems.push({
      pointer: at,
      what: 'is set, but target.auth.none says the API takes no credential, so it would never be used',
      fix: 'remove target.auth.refresh, or target.auth.none if the API takes a token',
    });
  if (ways.length === 0)
    problems.push({
      pointer: at,
      what: 'gives no way to get a token',
      fix: 'give "command" (a program that prints a token) or "oauth2ClientCredentials"',
    });
  if (ways.length === 2)
    problems.push({
      pointer: at,
      what: 'gives both "command" and "oauth2ClientCredentials"',
      fix: 'keep the one that gets the token',
    });
  return [...problems, ...checkTokenUrl(asText(readPath(refresh, 'oauth2ClientCredentials', 'tokenUrl')))];
}

// RFC 6749 2.3.1 and 3.2: the client secret travels in the token request, so only over TLS; a
// loopback host (a local token server, a test) never leaves the machine.
function checkTokenUrl(tokenUrl: string | undefined): ConfigProblem[] {
  if (tokenUrl === undefined || !new RegExp(HTTP_URL.pattern, 'u').test(tokenUrl)) return [];
  const pointer = `${at}/oauth2ClientCredentials/tokenUrl`;
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    return [{ pointer, what: `is not a valid URL (got ${showValue(tokenUrl)})`, fix: 'check the host name and port' }];
  }
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return [];
  return [
    {
      pointer,
      what: `must be https (got ${showValue(tokenUrl)}): the client secret is sent to it`,
      fix: 'use the https:// address of the token endpoint; http is only for a loopback host such as 127.0.0.1',
    },
  ];
}

/** localhost, 127.0.0.0/8 or ::1 (as the URL parser writes it, in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
