// Reads the API description `init` and `run --openapi` start from: the file or URL given, or for
// `init` without one, the first document found at the usual places under the base URL. A document on
// the base URL's origin gets the token from APICERT_TOKEN (the config, which may name another
// variable, is not read yet); no other host ever does.
import { OpenApiInvalidError, OpenApiUnreadableError, TargetUnreachableError } from '../harness/errors.js';
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
  readonly openapi: string;
  /** --base-url, already checked: whose origin may get the token. */
  readonly baseUrl?: string | undefined;
}

export async function readDescription(
  source: DescriptionSource,
  io: CliIo,
): Promise<LoadedOpenApi & { readonly from: string }> {
  return { ...(await loadOpenApi(source.openapi, credentialFor(source.baseUrl, io))), from: source.openapi };
}

/**
 * The first document found at the usual places under `baseUrl`, or the places tried when none is
 * there. A target that gives no answer at all (a time-out, a refused connection) ends the search
 * at once with TargetUnreachableError: eleven more waits would tell nothing new.
 */
export async function findDescription(
  baseUrl: string,
  io: CliIo,
): Promise<
  | { readonly kind: 'found'; readonly loaded: LoadedOpenApi & { readonly from: string } }
  | { readonly kind: 'none'; readonly tried: readonly string[] }
> {
  io.stdout.write(`looking for an API description under ${baseUrl}…\n`);
  // Each place gets a short wait: twelve of them behind a target that never answers must not take minutes.
  const looking: LoadOptions = { ...credentialFor(baseUrl, io), timeoutMs: discoveryTimeoutMs };
  const tried: string[] = [];
  for (const path of usualDocumentPaths) {
    const url = `${baseUrl}${path}`;
    try {
      const loaded = await loadOpenApi(url, looking);
      io.stdout.write(`found ${url}\n`);
      return { kind: 'found', loaded: { ...loaded, from: url } };
    } catch (error) {
      // A document that is there but broken is the answer, not a reason to look further.
      if (error instanceof OpenApiInvalidError || !(error instanceof OpenApiUnreadableError)) throw error;
      if (error.unanswered)
        throw new TargetUnreachableError(
          `${baseUrl} gave no answer to GET ${path} within ${discoveryTimeoutMs / 1000} s (${error.message.match(/\(([^)]*)\)/)?.[1] ?? 'no answer'}); check --base-url and that the API is up`,
        );
      tried.push(path);
    }
  }
  return { kind: 'none', tried };
}

/** The token from APICERT_TOKEN for documents on the base URL's origin (the config, which may name another variable, is not read yet). */
function credentialFor(baseUrl: string | undefined, io: CliIo): LoadOptions {
  const token = io.env['APICERT_TOKEN'];
  return baseUrl === undefined || token === undefined || token === ''
    ? {}
    : { credential: { origin: new URL(baseUrl).origin, header: 'authorization', value: `Bearer ${token}` } };
}

/** "OpenAPI 3.1.0" or "Swagger 2.0". */
export function specificationOf(model: ApiModel): string {
  return `${model.version.startsWith('2') ? 'Swagger' : 'OpenAPI'} ${model.version}`;
}
