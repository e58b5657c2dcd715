// The credential a run starts with: the token in the variable target.auth.tokenEnv names, or, when
// that is not set and target.auth.refresh is, a token the refresh gets at once.
import type { ApicertConfig } from '../config/config-types.js';
import { CredentialRefreshFailedError, SecretMissingError } from '../errors.js';
import { toWrongToken } from '../http/credential.js';
import type { Credential } from '../http/http-types.js';
import type { TokenRefresher } from './token-refresher.js';

/** The credential target.auth makes of `token`: its header, its scheme, and a wrong token of its shape. */
export function credentialWithToken(config: ApicertConfig, token: string): Credential {
  const { header, scheme, tokenEnv } = config.target.auth;
  const prefix = scheme === '' ? '' : `${scheme} `;
  return {
    header,
    value: `${prefix}${token}`,
    // The curl lines name the variable, never the value, whichever token the request carried.
    curlValue: `${prefix}$${tokenEnv}`,
    wrongValue: `${prefix}${toWrongToken(token)}`,
  };
}

/** The run's first credential; undefined for an API that takes none. */
export async function resolveCredential(
  config: ApicertConfig,
  env: Readonly<Record<string, string | undefined>>,
  refresher: TokenRefresher | undefined,
): Promise<Credential | undefined> {
  const { tokenEnv, none } = config.target.auth;
  // target.auth.none: the API takes no credential, so none is sent and none is needed.
  if (none) return undefined;
  const token = env[tokenEnv];
  if (token !== undefined && token !== '') return credentialWithToken(config, token);
  if (refresher === undefined) {
    throw new SecretMissingError(
      `environment variable ${tokenEnv} is not set; export the API token in it (or name another variable in target.auth.tokenEnv)`,
    );
  }
  try {
    return credentialWithToken(config, await refresher.fetchToken());
  } catch (error) {
    if (!(error instanceof CredentialRefreshFailedError)) throw error;
    throw new CredentialRefreshFailedError(
      `environment variable ${tokenEnv} is not set, so the first token was to come from target.auth.refresh, and ${error.message}; ` +
        `fix target.auth.refresh, or export the API token in ${tokenEnv}`,
    );
  }
}
