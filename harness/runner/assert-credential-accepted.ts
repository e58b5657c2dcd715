// A wrong token makes every check that calls the API fail on 401, and none of those failures says
// anything about the target. One GET of the first configured collection, before any check, tells a
// credential the target refuses from a target that breaks the convention: a 401 stops the run with
// one line (exit 2). Any other answer, or none, lets the checks judge. With target.auth.none the
// request goes without a credential, and a 401 says the config is wrong about the API.
import type { ApicertConfig } from '../config/config-types.js';
import { CredentialRefusedError } from '../errors.js';
import type { HttpClient } from '../http/http-types.js';
import { resolveTargetUrl } from './target-url.js';

export async function assertCredentialAccepted(
  client: HttpClient,
  baseUrl: string,
  config: ApicertConfig,
  interrupt?: AbortSignal,
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
  throw new CredentialRefusedError(
    `the target answered 401 to GET ${first.path} with the credential from ${tokenEnv} (header ${header}${scheme === '' ? '' : `, scheme ${scheme}`}), so no check ran; check the token and target.auth`,
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
