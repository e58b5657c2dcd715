// Reads the API description `init` and `run --openapi` start from: the file or URL given, or for
// `init` without one, the first document found at the usual places under the base URL. A document on
// the base URL's origin gets the token from APICERT_TOKEN (the config, which may name another
// variable, is not read yet); no other host ever does.
import { OpenApiInvalidError, OpenApiUnreadableError } from '../harness/errors.js';
import type { ApiModel } from '../harness/openapi/api-model.js';
import { loadOpenApi, type LoadedOpenApi, type LoadOptions } from '../harness/openapi/load-openapi.js';
import type { CliIo } from './cli-io.js';

const discoveryTimeoutMs = 5000;

/** Where services usually publish their description, tried in this order under the base URL. */
export const usualDocumentPaths: readonly string[] = [
  '/openapi.json',
  '/openapi.yaml',
  '/openapi.yml',
  '/v3/api-docs',
  '/swagger.json',
  '/swagger.yaml',
  '/api-docs',
  '/api-docs.json',
  '/docs/openapi.json',
  '/api/openapi.json',
  '/swagger/v1/swagger.json',
  '/.well-known/openapi.json',
];

export interface DescriptionSource {
  /** --openapi: a file or an http(s) URL. */
  readonly openapi?: string | undefined;
  /** --base-url, already checked: where to look when no document is given, and whose origin may get the token. */
  readonly baseUrl?: string | undefined;
}

export async function readDescription(
  source: DescriptionSource,
  io: CliIo,
): Promise<LoadedOpenApi & { readonly from: string }> {
  const token = io.env['APICERT_TOKEN'];
  const options: LoadOptions =
    source.baseUrl === undefined || token === undefined || token === ''
      ? {}
      : { credential: { origin: new URL(source.baseUrl).origin, header: 'authorization', value: `Bearer ${token}` } };
  if (source.openapi !== undefined) return { ...(await loadOpenApi(source.openapi, options)), from: source.openapi };
  if (source.baseUrl === undefined)
    throw new OpenApiUnreadableError('no API description: give --openapi FILE|URL, or --base-url URL to look for one');
  io.stdout.write(`looking for an API description under ${source.baseUrl}…\n`);
  // Each place gets a short wait: twelve of them behind a target that never answers must not take minutes.
  const looking: LoadOptions = { ...options, timeoutMs: discoveryTimeoutMs };
  const tried: string[] = [];
  for (const path of usualDocumentPaths) {
    const url = `${source.baseUrl}${path}`;
    try {
      const loaded = await loadOpenApi(url, looking);
      io.stdout.write(`found ${url}\n`);
      return { ...loaded, from: url };
    } catch (error) {
      // A document that is there but broken is the answer, not a reason to look further.
      if (error instanceof OpenApiInvalidError || !(error instanceof OpenApiUnreadableError)) throw error;
      tried.push(path);
    }
  }
  throw new OpenApiUnreadableError(
    `no API description found under ${source.baseUrl} (tried ${tried.join(', ')}); pass --openapi with its file or URL`,
  );
}

/** "OpenAPI 3.1.0" or "Swagger 2.0". */
export function specificationOf(model: ApiModel): string {
  return `${model.version.startsWith('2') ? 'Swagger' : 'OpenAPI'} ${model.version}`;
}
