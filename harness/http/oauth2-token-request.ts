// The OAuth 2.0 client credentials grant (RFC 6749 4.4) as data: the token request to send, and the
// token read from its answer. Pure. Problems quote nothing the endpoint wrote but an error code of
// RFC 6749 5.2: an endpoint can echo the client's secret in its error_description.
import { problemWithToken } from './refreshed-token.js';

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Space-separated scopes (RFC 6749 3.3); absent, the endpoint chooses. */
  readonly scope?: string | undefined;
}

export interface TokenRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * RFC 6749 4.4.2: a form body with grant_type=client_credentials (and scope); 2.3.1: the client
 * authenticates with HTTP Basic, its id and secret each form-urlencoded first (client_secret_basic).
 */
export function buildTokenRequest(credentials: ClientCredentials): TokenRequest {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scope !== undefined) form.set('scope', credentials.scope);
  const basic = Buffer.from(`${formEncode(credentials.clientId)}:${formEncode(credentials.clientSecret)}`).toString(
    'base64',
  );
  return {
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: form.toString(),
  };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

// RFC 6749 5.2: the only words of an error answer shown (a fixed set, never the client's secret).
const errorCodes = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/** The access_token of the endpoint's answer (RFC 6749 5.1), or why there is none, in words that quote none of the body. */
export function readTokenAnswer(
  status: number,
  text: string,
): { readonly token: string } | { readonly problem: string } {
  const json = parseJson(text);
  if (status < 200 || status > 299) {
    const error = (json as { error?: unknown } | undefined)?.error;
    const code = typeof error === 'string' && errorCodes.has(error) ? ` (error "${error}")` : '';
    const hint =
      error === 'invalid_client' || status === 401
        ? ': the client id or secret is wrong, or the client may not use this grant'
        : status >= 300 && status < 400
          ? ': a token endpoint answers, it does not redirect (not followed)'
          : '';
    return { problem: `answered ${status}${code}${hint}` };
  }
  if (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json))
    return { problem: `answered ${status} with a body that is not a JSON object` };
  const token = (json as { access_token?: unknown }).access_token;
  if (typeof token !== 'string') return { problem: `answered ${status} without an access_token` };
  const problem = problemWithToken(token);
  return problem === undefined ? { token } : { problem: `answered ${status} with an access_token that ${problem}` };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
