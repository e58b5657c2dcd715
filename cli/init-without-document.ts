// `apicert init --base-url` when no API description is found under it: the API itself is read with
// a few bounded GETs (harness/undocumented/) and the config is derived from what it answered.
import type { Derivation } from '../harness/openapi/derive-config.js';
import { deriveUndocumentedConfig } from '../harness/undocumented/derive-undocumented-config.js';
import { readLimits, readUndocumentedApi } from '../harness/undocumented/read-undocumented-api.js';
import type { CliIo } from './cli-io.js';

export async function deriveWithoutDocument(baseUrl: string, tried: readonly string[], io: CliIo): Promise<Derivation> {
  // Said before the read, which may take up to its deadline behind a slow target.
  io.stdout.write(
    `no API description under ${baseUrl} (tried ${tried.length} places); reading the API itself with GETs only (at most ${readLimits.maxRequests}, ${readLimits.requestTimeoutMs / 1000} s each, ${readLimits.deadlineMs / 1000} s in all)…\n`,
  );
  const token = io.env['APICERT_TOKEN'];
  const sentToken = token !== undefined && token !== '';
  const exploration = await readUndocumentedApi(baseUrl, {
    headers: sentToken ? { authorization: `Bearer ${token}` } : {},
    sentToken,
  });
  io.stdout.write(`sent ${exploration.requests} requests to ${baseUrl}: ${exploration.lists.length} lists found\n`);
  return deriveUndocumentedConfig(exploration);
}
