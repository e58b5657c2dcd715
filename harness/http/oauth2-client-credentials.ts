// Gets a token by the OAuth 2.0 client credentials grant (RFC 6749 4.4) for
// target.auth.refresh.oauth2ClientCredentials. Its own connection pool, apart from the target's
// client: the token endpoint may be on another origin, and the target's credential must never go
// there (nor the client's secret to the target). Bounded like every exchange of the kit: one
// deadline for the whole request, a cap on the answer, no redirect followed.
import { Agent, request } from 'undici';
import { CredentialRefreshFailedError, HttpBodyTooLargeError } from '../errors.js';
import { BoundedBodyReader } from './bounded-body.js';
import { buildTokenRequest, readTokenAnswer, type ClientCredentials } from './oauth2-token-request.js';

/** How long the token request may take, connecting included. */
export const tokenRequestTimeoutMs = 15_000;
/** The largest answer read: a token answer is a few hundred bytes, a JWT a few KiB. */
export const maxTokenAnswerBytes = 64 * 1024;

export interface TokenEndpoint extends ClientCredentials {
  readonly tokenUrl: string;
  /** Default tokenRequestTimeoutMs. */
  readonly timeoutMs?: number;
}

/** The access_token the endpoint granted; throws CredentialRefreshFailedError saying why there is none, in one line. */
export async function requestClientCredentialsToken(endpoint: TokenEndpoint): Promise<string> {
  const timeoutMs = endpoint.timeoutMs ?? tokenRequestTimeoutMs;
  const named = `the token request to ${endpoint.tokenUrl}`;
  const { headers, body } = buildTokenRequest(endpoint);
  const deadline = AbortSignal.timeout(timeoutMs);
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  let status: number;
  let text: string;
  try {
    const answer = await request(endpoint.tokenUrl, {
      method: 'POST',
      headers,
      body,
      dispatcher: agent,
      signal: deadline,
    });
    status = answer.statusCode;
    const reader = new BoundedBodyReader(maxTokenAnswerBytes, performance.now() + timeoutMs);
    text = (await reader.read(answer.body)).toString('utf8');
  } catch (error) {
    throw new CredentialRefreshFailedError(`${named} ${describeTransportFailure(error, deadline, timeoutMs)}`);
  } finally {
    await agent.destroy();
  }
  const read = readTokenAnswer(status, text);
  if ('problem' in read) throw new CredentialRefreshFailedError(`${named} got no token: the endpoint ${read.problem}`);
  return read.token;
}

// Only an error's code is shown: undici's messages can carry the request's details.
function describeTransportFailure(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `got no answer within ${timeoutMs / 1000} s`;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (error instanceof HttpBodyTooLargeError)
    return `was answered with more than ${maxTokenAnswerBytes} bytes, more than a token answer`;
  if (code === 'ECONNREFUSED') return 'was refused: nothing listens there';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'failed: its host name does not resolve';
  return `failed (${typeof code === 'string' ? code : 'the connection failed'})`;
}
