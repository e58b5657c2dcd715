// The client credentials grant against a local token endpoint: what it is sent, the token it gives,
// and every way it can give none, each said in one line that quotes nothing it answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxTokenAnswerBytes, requestClientCredentialsToken } from './oauth2-client-credentials.js';
import { findClosedPort, startLocalServer, type LocalServer } from './test-support/local-server.js';
import { refreshFailureOf } from './test-support/refresh-failure.js';

interface Received {
  readonly method: string;
  readonly path: string;
  readonly authorization?: string;
  readonly contentType?: string;
  readonly body: string;
}

const received: Received[] = [];
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
        ...(req.headers['content-type'] !== undefined ? { contentType: req.headers['content-type'] } : {}),
        body: Buffer.concat(chunks).toString(),
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/token')
        return json(200, { access_token: 'tok_Granted_0123456789', token_type: 'Bearer', expires_in: 3600 });
      if (req.url === '/refuses')
        return json(401, { error: 'invalid_client', error_description: 'secret_echoed_back' });
      if (req.url === '/redirects') {
        res.writeHead(302, { location: '/token' });
        return res.end();
      }
      if (req.url === '/huge') return json(200, { access_token: 'tok_x', pad: 'x'.repeat(maxTokenAnswerBytes) });
      if (req.url === '/hangs') return;
      json(200, { token: 'secret_in_wrong_field' });
    });
  });
});
afterAll(async () => {
  await server.close();
});

const endpoint = (path: string, timeoutMs?: number) => ({
  tokenUrl: `${server.origin}${path}`,
  clientId: 'apicert-ci',
  clientSecret: 'secret_Client_9f8e7d',
  scope: 'orders:read',
  ...(timeoutMs !== undefined ? { timeoutMs } : {}),
});

async function failureOf(path: string, timeoutMs?: number): Promise<string> {
  return refreshFailureOf(requestClientCredentialsToken(endpoint(path, timeoutMs)));
}

describe('requestClientCredentialsToken', () => {
  it('posts the grant with the client in HTTP Basic, and returns the access_token', async () => {
    expect(await requestClientCredentialsToken(endpoint('/token'))).toBe('tok_Granted_0123456789');
    expect(received.at(-1)).toEqual({
      method: 'POST',
      path: '/token',
      authorization: `Basic ${Buffer.from('apicert-ci:secret_Client_9f8e7d').toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      body: 'grant_type=client_credentials&scope=orders%3Aread',
    });
  });

  it('says in one line why it got no token, quoting nothing the endpoint answered', async () => {
    const named = (path: string) => `the token request to ${server.origin}${path}`;
    expect(await failureOf('/refuses')).toBe(
      `${named('/refuses')} got no token: the endpoint answered 401 (error "invalid_client"): the client id or secret is wrong, or the client may not use this grant`,
    );
    expect(await failureOf('/redirects')).toBe(
      `${named('/redirects')} got no token: the endpoint answered 302: a token endpoint answers, it does not redirect (not followed)`,
    );
    expect(await failureOf('/wrong-field')).toBe(
      `${named('/wrong-field')} got no token: the endpoint answered 200 without an access_token`,
    );
    expect(await failureOf('/huge')).toBe(
      `${named('/huge')} was answered with more than ${maxTokenAnswerBytes} bytes, more than a token answer`,
    );
    expect(await failureOf('/hangs', 300)).toBe(`${named('/hangs')} got no answer within 0.3 s`);
    const closed = `http://127.0.0.1:${await findClosedPort()}/token`;
    const refused = await requestClientCredentialsToken({ ...endpoint('/token'), tokenUrl: closed }).catch(
      (error: unknown) => error,
    );
    expect((refused as Error).message).toBe(`the token request to ${closed} was refused: nothing listens there`);
  });
});
