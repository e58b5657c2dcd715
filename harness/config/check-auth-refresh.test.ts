import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate-config.js';

function problemsOf(raw: unknown): readonly string[] {
  const result = validateConfig(raw);
  if (result.ok) throw new Error('expected problems, got a valid config');
  return result.problems;
}

const oauth = {
  tokenUrl: 'https://auth.example.com/oauth/token',
  clientIdEnv: 'APICERT_CLIENT_ID',
  clientSecretEnv: 'APICERT_CLIENT_SECRET',
};
const withRefresh = (refresh: unknown, auth: Record<string, unknown> = {}) => ({
  target: { auth: { ...auth, refresh } },
});

describe('target.auth.refresh', () => {
  it('accepts a command, or a client credentials grant over https or to a loopback host', () => {
    const result = validateConfig(withRefresh({ command: ['node', 'print-token.js', '--audience', 'api'] }));
    expect(result.ok && result.config.target.auth.refresh).toEqual({
      command: ['node', 'print-token.js', '--audience', 'api'],
    });
    expect(
      validateConfig(withRefresh({ oauth2ClientCredentials: { ...oauth, scope: 'orders:read orders:write' } })).ok,
    ).toBe(true);
    for (const tokenUrl of ['http://127.0.0.1:8080/token', 'http://localhost/token', 'http://[::1]:9/t'])
      expect(validateConfig(withRefresh({ oauth2ClientCredentials: { ...oauth, tokenUrl } })).ok).toBe(true);
  });

  it('needs exactly one way to get a token, and only for an API that takes one', () => {
    expect(problemsOf(withRefresh({}))).toEqual([
      '/target/auth/refresh: gives no way to get a token; give "command" (a program that prints a token) or "oauth2ClientCredentials"',
    ]);
    expect(problemsOf(withRefresh({ command: ['x'], oauth2ClientCredentials: oauth }))).toEqual([
      '/target/auth/refresh: gives both "command" and "oauth2ClientCredentials"; keep the one that gets the token',
    ]);
    expect(problemsOf(withRefresh({ command: ['x'] }, { none: true }))).toEqual([
      '/target/auth/refresh: is set, but target.auth.none says the API takes no credential, so it would never be used; remove target.auth.refresh, or target.auth.none if the API takes a token',
    ]);
  });

  it('says what is wrong with a command or a grant, one line each', () => {
    expect(problemsOf(withRefresh({ command: [] }))).toEqual([
      '/target/auth/refresh/command: must list at least 1 item(s) (got an array of 0); fix apicert.config.json',
    ]);
    expect(problemsOf(withRefresh({ command: 'node print-token.js' }))).toEqual([
      '/target/auth/refresh/command: must be a list (JSON array) (got "node print-token.js"); fix apicert.config.json',
    ]);
    expect(problemsOf(withRefresh({ command: ['node', ''] }))).toEqual([
      '/target/auth/refresh/command/1: must not be empty; fix apicert.config.json',
    ]);
    expect(
      problemsOf(
        withRefresh({
          oauth2ClientCredentials: { tokenUrl: 'http://auth.example.com/token', clientIdEnv: 'ID', scope: 'a  b' },
        }),
      ),
    ).toEqual([
      '/target/auth/refresh/oauth2ClientCredentials/clientSecretEnv: required key "clientSecretEnv" is missing; add it (Environment variable holding the client secret)',
      '/target/auth/refresh/oauth2ClientCredentials/scope: must be OAuth 2.0 scopes one space apart, in visible ASCII without double quotes or backslashes, e.g. "orders:read orders:write" (got "a  b"); fix apicert.config.json',
      '/target/auth/refresh/oauth2ClientCredentials/tokenUrl: must be https (got "http://auth.example.com/token"): the client secret is sent to it; use the https:// address of the token endpoint; http is only for a loopback host such as 127.0.0.1',
    ]);
    expect(problemsOf(withRefresh({ oauth2ClientCredentials: { ...oauth, tokenUrl: 'https://a:99999/t' } }))).toEqual([
      '/target/auth/refresh/oauth2ClientCredentials/tokenUrl: is not a valid URL (got "https://a:99999/t"); check the host name and port',
    ]);
  });
});
