// target.auth.refresh as one function that gets a new token, whichever way the config names. The
// variables it needs are read when it is made, before anything is sent: a missing client secret is
// better told at the start than when the token expires an hour into the run.
import type { ApicertConfig } from '../config/config-types.js';
import { SecretMissingError } from '../errors.js';
import { requestClientCredentialsToken } from '../http/oauth2-client-credentials.js';
import { describeCommand, runRefreshCommand } from '../http/refresh-command.js';

export interface TokenRefresher {
  /** What it runs, for messages: 'command "node print-token.js"', 'OAuth 2.0 client credentials at https://…'. */
  readonly describe: string;
  /** Values it holds that must be redacted (the client secret). */
  readonly secrets: readonly string[];
  /** A new token; rejects with CredentialRefreshFailedError saying why there is none. */
  fetchToken(): Promise<string>;
}

/** The refresher target.auth.refresh describes, or undefined without one (or for an API that takes no credential). */
export function createTokenRefresher(
  config: ApicertConfig,
  env: Readonly<Record<string, string | undefined>>,
  /** Where the command runs: the config file's folder, so its relative paths mean what every other path of the file does. */
  cwd: string | undefined,
): TokenRefresher | undefined {
  const { refresh, none } = config.target.auth;
  if (refresh === undefined || none) return undefined;
  const { command, oauth2ClientCredentials: grant } = refresh;
  if (command !== undefined) {
    return {
      describe: describeCommand(command),
      secrets: [],
      fetchToken: () => runRefreshCommand(command, { env, cwd }),
    };
  }
  if (grant === undefined) return undefined;
  const at = 'target.auth.refresh.oauth2ClientCredentials';
  const clientId = readVariable(env, grant.clientIdEnv, `the OAuth 2.0 client id (${at}.clientIdEnv)`);
  const clientSecret = readVariable(env, grant.clientSecretEnv, `the OAuth 2.0 client secret (${at}.clientSecretEnv)`);
  return {
    describe: `OAuth 2.0 client credentials at ${grant.tokenUrl}`,
    secrets: [clientSecret],
    fetchToken: () =>
      requestClientCredentialsToken({ tokenUrl: grant.tokenUrl, clientId, clientSecret, scope: grant.scope }),
  };
}

function readVariable(env: Readonly<Record<string, string | undefined>>, name: string, what: string): string {
  const value = env[name];
  if (value === undefined || value === '')
    throw new SecretMissingError(`environment variable ${name} is not set; export ${what} in it`);
  return value;
}
