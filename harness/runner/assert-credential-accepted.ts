// A wrong token makes every check that calls the API fail on 401, and none of those failures says
// anything about the target. One GET of the first configured collection, before any check, tells a
// credential the target refuses from a target that breaks the convention: a 401 stops the run with
// one line (exit 2). Any other answer, or none, lets the checks judge. With target.auth.none the
// request goes without a credential, and a 401 says the config is wrong about the API. With
// target.auth.refresh, a token from the environment the probe refuses gets one new token first.
import type { ApicertConfig } from '../config/config-types.js';
import { CredentialRefreshFailedError, CredentialRefusedError } from '../errors.js';
import type { CredentialRefresh } from '../http/credential-watch.js';
import type { HttpClient } from '../http/http-types.js';
import { resolveTargetUrl } from './target-url.js';

/** target.auth.refresh, as the start of the run uses it: once, for a token in the environment the probe refuses. */
export interface StartRefresh extends CredentialRefresh {
  /** The first token came from the refresh (tokenEnv is not set): a refusal of it gets no second one. */
  readonly gaveFirstToken: boolean;
}

export async function assertCredentialAccepted(
  client: HttpClient,
  baseUrl: string,
  config: ApicertConfig,
  interrupt?: AbortSignal,
  refresh?: StartRefresh,
): Promise<void> {
  const [first] = config.collections;
  if (first === undefined) return;
  const status = await probeCredential(client, baseUrl, config, interrupt);
  if (status !== 401) return;
  const { header, scheme, tokenEnv, none } = config.target.auth;
  if (none) {
    throw new CredentialRefusedError(
      `the target answered 401 to GET ${first.path} without a credential, but target.auth.none says it takes none, so no check ran; remove target.auth.none and put the token in ${tokenEnv}`,
    );
  }
  const sent = `header ${header}${scheme === '' ? '' : `, scheme ${scheme}`}`;
  const refused = `the target answered 401 to GET ${first.path}`;
  if (refresh === undefined) {
    throw new CredentialRefusedError(
      `${refused} with the credential from ${tokenEnv} (${sent}), so no check ran; check the token and target.auth`,
    );
  }
  if (refresh.gaveFirstToken) {
    throw new CredentialRefusedError(
      `${refused} with the token target.auth.refresh gave (${refresh.describe}; ${sent}), so no check ran; make the refresh give a token the target accepts, and check target.auth`,
    );
  }
  // A token in the environment that expired before the run: one new token, as mid-run.
  try {
    await refresh.run();
  } catch (error) {
    if (!(error instanceof CredentialRefreshFailedError)) throw error;
    throw new CredentialRefreshFailedError(
      `${refused} with the credential from ${tokenEnv} (${sent}), and a new token was asked for once: ${error.message}, so no check ran; fix target.auth.refresh, or export a token that works in ${tokenEnv}`,
    );
  }
  if ((await probeCredential(client, baseUrl, config, interrupt)) !== 401) return;
  throw new CredentialRefusedError(
    `${refused} with the credential from ${tokenEnv} (${sent}) and with the new token target.auth.refresh gave (${refresh.describe}), so no check ran; check the tokens and target.auth`,
  );
}

/**
 * The probe: one GET of the first configured collection with the configured credential. Its status,
 * or undefined without an answer (or without a collection). Asked again mid-run by the credential
 * watch, so a credential refused later is told from a target refusing one path.
 */
export async function probeCredential(
  client: HttpClient,
  baseUrl: string,
  config: ApicertConfig,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const [first] = config.collections;
  if (first === undefined) return undefined;
  try {
    const exchange = await client.send({
      method: 'GET',
      url: resolveTargetUrl(baseUrl, first.path, {}),
      headers: { accept: 'application/json' },
      credential: 'valid',
      note: 'credential check',
      ...(signal !== undefined ? { signal } : {}),
    });
    return exchange.response.status;
  } catch {
    return undefined;
  }
}
