// target.auth.refresh as the run uses it, when the token in use is refused (the credential watch
// mid-run, the start-of-run probe): a new token, redacted everywhere before it is first sent (the
// target may echo it from its first answer on), then sent by the client from then on.
import type { ApicertConfig } from '../config/config-types.js';
import type { CredentialedClient } from '../http/client.js';
import { prepareCredential } from '../http/credential.js';
import type { CredentialRefresh } from '../http/credential-watch.js';
import type { GrowingSecrets } from '../http/growing-secrets.js';
import { credentialWithToken } from './resolve-credential.js';
import type { TokenRefresher } from './token-refresher.js';

export interface RunRefresh extends CredentialRefresh {
  /** How many new tokens it has put in use. */
  tokensGiven(): number;
}

export function useRefreshedTokens(
  refresher: TokenRefresher,
  config: ApicertConfig,
  client: CredentialedClient,
  secrets: GrowingSecrets,
  onRefresh?: (describe: string) => void,
): RunRefresh {
  let given = 0;
  return {
    describe: refresher.describe,
    async run() {
      onRefresh?.(refresher.describe);
      const next = credentialWithToken(config, await refresher.fetchToken());
      secrets.add(prepareCredential(next).secrets);
      client.useCredential(next);
      given += 1;
    },
    tokensGiven: () => given,
  };
}
