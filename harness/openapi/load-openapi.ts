// Reads an API description from a file or a URL, checks it against its specification (Swagger 2.0,
// OpenAPI 3.0 or 3.1, JSON or YAML) and resolves its $refs (@readme/openapi-parser). A file may refer
// to other files; a document fetched from a URL is read as one file, bounded in size and time, and
// gets the credential only when it is on the target's own origin.
import { stat } from 'node:fs/promises';
import { dereference, validate } from '@readme/openapi-parser';
import { JSON_SCHEMA, load as loadYaml } from 'js-yaml';
import { request } from 'undici';
import { OpenApiInvalidError, OpenApiUnreadableError } from '../errors.js';
import { toApiModel, type ApiModel } from './api-model.js';

export const maxDocumentBytes = 20 * 1024 * 1024;
const fetchTimeoutMs = 15_000;
const resolveTimeoutMs = 20_000;

export interface LoadOptions {
  /** Sent with a document on `origin` only: never to another host. */
  readonly credential?: { readonly origin: string; readonly header: string; readonly value: string };
}

export interface LoadedOpenApi {
  readonly model: ApiModel;
  /** The URL the document was fetched from, to resolve relative server URLs; undefined for a file. */
  readonly url?: string;
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export async function loadOpenApi(source: string, options: LoadOptions = {}): Promise<LoadedOpenApi> {
  if (isUrl(source)) {
    const document = parseText(await fetchDocument(source, options), source);
    return { model: await checkedModel(document, source, false), url: source };
  }
  let size: number;
  try {
    const info = await stat(source);
    if (!info.isFile()) throw new OpenApiUnreadableError(`${source} is not a file; pass the path of an OpenAPI document (JSON or YAML)`);
    size = info.size;
  } catch (error) {
    if (error instanceof OpenApiUnreadableError) throw error;
    throw new OpenApiUnreadableError(`cannot read ${source} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); check the path`);
  }
  if (size > maxDocumentBytes) throw new OpenApiUnreadableError(`${source} is ${size} bytes, over the ${maxDocumentBytes} apicert reads; pass a smaller document`);
  return { model: await checkedModel(source, source, true) };
}

async function fetchDocument(url: string, options: LoadOptions): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' };
  const { credential } = options;
  if (credential !== undefined && new URL(url).origin === credential.origin) headers[credential.header.toLowerCase()] = credential.value;
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(url, { headers, headersTimeout: fetchTimeoutMs, bodyTimeout: fetchTimeoutMs, signal: AbortSignal.timeout(fetchTimeoutMs) });
  } catch (error) {
    throw new OpenApiUnreadableError(`cannot fetch ${url} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); check the URL, or save the document and pass its path`);
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    const where = answer.headers['location'] === undefined ? '' : ` to ${String(answer.headers['location']).slice(0, 200)}`;
    throw new OpenApiUnreadableError(`${url} answered ${answer.statusCode}${where}, not the document; pass the URL that serves it, or save it and pass its path`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of answer.body) {
      received += (chunk as Buffer).length;
      if (received > maxDocumentBytes) {
        answer.body.destroy();
        throw new OpenApiUnreadableError(`${url} sent more than ${maxDocumentBytes} bytes; save the document and pass its path`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof OpenApiUnreadableError) throw error;
    throw new OpenApiUnreadableError(`reading ${url} failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); try again, or save the document and pass its path`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseText(text: string, source: string): object {
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : loadYaml(text, { schema: JSON_SCHEMA });
  } catch (error) {
    throw new OpenApiUnreadableError(`${source} is neither JSON nor YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OpenApiUnreadableError(`${source} is not an OpenAPI document: its top level is not an object`);
  return parsed;
}

// `api` is a path (which may refer to other files) or a parsed document (read as one file).
async function checkedModel(api: string | object, source: string, readsFiles: boolean): Promise<ApiModel> {
  const options = { resolve: { external: readsFiles, file: readsFiles, http: false as never }, timeoutMs: resolveTimeoutMs, dereference: { circular: 'ignore' as const }, validate: { errors: { colorize: false } } };
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate((typeof api === 'string' ? api : structuredClone(api)) as never, options as never);
  } catch (error) {
    throw toReadError(error, source);
  }
  if (!result.valid) {
    const lines = result.errors.slice(0, 20).map((problem) => `${source}: ${oneLine(problem.message)}; fix the document, then run again`);
    if (result.additionalErrors > 0) lines.push(`${source}: ${result.additionalErrors} more problems not shown`);
    throw new OpenApiInvalidError(lines);
  }
  try {
    return toApiModel(await dereference((typeof api === 'string' ? api : structuredClone(api)) as never, options as never));
  } catch (error) {
    throw toReadError(error, source);
  }
}

function toReadError(error: unknown, source: string): Error {
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  if (/ENOENT|EACCES|EISDIR/.test(message)) return new OpenApiUnreadableError(`${source}: ${message}; check the path of the document and of the files it refers to`);
  if (/not a valid (OpenAPI|Swagger)|Unsupported|unrecognized/i.test(message)) return new OpenApiInvalidError([`${source}: ${message}; apicert reads Swagger 2.0 and OpenAPI 3.0 and 3.1 documents`]);
  return new OpenApiInvalidError([`${source}: ${message}; fix the document, then run again`]);
}

function oneLine(text: string): string {
  const line = text.split('\n').map((part) => part.trim()).filter((part) => part !== '').join(' ');
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}
