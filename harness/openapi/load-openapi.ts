// Reads an API description from a file or a URL, checks it against its specification (Swagger 2.0,
// OpenAPI 3.0 or 3.1, JSON or YAML) and resolves its $refs (@readme/openapi-parser). A file may refer
// to other files; a document fetched from a URL is read as one file, bounded in size and time, and
// gets the credential only when it is on the target's own origin.
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { dereference, validate } from '@readme/openapi-parser';
import { JSON_SCHEMA, load as loadYaml } from 'js-yaml';
import { OpenApiInvalidError, OpenApiUnreadableError } from '../errors.js';
import { toApiModel, type ApiModel } from './api-model.js';
import { boundedGet } from './bounded-request.js';

export const maxDocumentBytes = 20 * 1024 * 1024;
/** Files one document may consist of, and their bytes in all. */
const maxFiles = 50;
const maxTotalBytes = 40 * 1024 * 1024;
/**
 * Nodes a document may expand to, walked as a tree: a YAML alias repeated inside aliases (a "billion
 * laughs") is a few hundred bytes that expand past any bound, and every later step walks the expansion.
 */
export const maxDocumentNodes = 2_000_000;
const fetchTimeoutMs = 15_000;
const resolveTimeoutMs = 20_000;

export interface LoadOptions {
  /** Sent with a document on `origin` only: never to another host. */
  readonly credential?: { readonly origin: string; readonly header: string; readonly value: string };
  /** How long a URL may take to answer; default 15 s. */
  readonly timeoutMs?: number;
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
    assertDescription(document, source);
    return { model: await checkedModel(document, source, false), url: source };
  }
  let size: number;
  try {
    const info = await stat(source);
    if (!info.isFile())
      throw new OpenApiUnreadableError(`${source} is not a file; pass the path of an OpenAPI document (JSON or YAML)`);
    size = info.size;
  } catch (error) {
    if (error instanceof OpenApiUnreadableError) throw error;
    throw new OpenApiUnreadableError(
      `cannot read ${source} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); check the path`,
    );
  }
  if (size > maxDocumentBytes)
    throw new OpenApiUnreadableError(
      `${source} is ${size} bytes, over the ${maxDocumentBytes} apicert reads; pass a smaller document`,
    );
  // The parser reads the files a document refers to itself: each is looked at first, so a $ref can
  // neither reach outside the document's folder (an /etc or /proc file, a secret) nor a device, a
  // FIFO, a huge file or an alias bomb.
  await checkDocumentFiles(source);
  return { model: await checkedModel(source, source, true) };
}

async function fetchDocument(url: string, options: LoadOptions): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' };
  const { credential } = options;
  if (credential !== undefined && new URL(url).origin === credential.origin)
    headers[credential.header.toLowerCase()] = credential.value;
  const answer = await boundedGet(url, headers, options.timeoutMs ?? fetchTimeoutMs, maxDocumentBytes);
  if (answer.kind === 'failed')
    throw new OpenApiUnreadableError(
      `cannot fetch ${url} (${answer.reason}); check the URL, or save the document and pass its path`,
      { unanswered: true },
    );
  if (answer.kind === 'too-large')
    throw new OpenApiUnreadableError(
      `${url} sent more than ${maxDocumentBytes} bytes; save the document and pass its path`,
    );
  if (answer.status !== 200) {
    const location = answer.headers['location'];
    const where = location === undefined ? '' : ` to ${String(location).slice(0, 200)}`;
    throw new OpenApiUnreadableError(
      `${url} answered ${answer.status}${where}, not the document; pass the URL that serves it, or save it and pass its path`,
    );
  }
  return answer.text;
}

async function checkDocumentFiles(entry: string): Promise<void> {
  const root = dirname(resolve(entry));
  const queue = [resolve(entry)];
  const seen = new Set<string>();
  let totalBytes = 0;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (seen.size > maxFiles)
      throw new OpenApiUnreadableError(
        `${entry} refers to more than ${maxFiles} files; bundle the document into fewer files`,
      );
    const inside = relative(root, file);
    if (inside.startsWith('..') || isAbsolute(inside)) {
      throw new OpenApiUnreadableError(
        `${entry} refers to a file outside its folder (${root}); apicert follows $refs only to files under the document's folder`,
      );
    }
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile())
        throw new OpenApiUnreadableError(
          `${entry} refers to ${inside}, which is not a regular file; refer to JSON or YAML files only`,
        );
      size = info.size;
    } catch (error) {
      if (error instanceof OpenApiUnreadableError) throw error;
      throw new OpenApiUnreadableError(
        `${entry} refers to ${inside}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); check the $ref`,
      );
    }
    totalBytes += size;
    if (size > maxDocumentBytes || totalBytes > maxTotalBytes)
      throw new OpenApiUnreadableError(
        `${entry} and the files it refers to pass ${maxTotalBytes} bytes; pass a smaller document`,
      );
    const parsed = parseText(await readFile(file, 'utf8'), file === resolve(entry) ? entry : inside);
    if (file === resolve(entry)) assertDescription(parsed, entry);
    for (const target of externalRefs(parsed)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target))
        throw new OpenApiUnreadableError(
          `${entry} refers to ${target.slice(0, 200)}; a document read from a file may refer only to files beside it`,
        );
      queue.push(resolve(dirname(file), decodeURIComponent(target)));
    }
  }
}

/** Refuses JSON or YAML that is not an API description at all, before the parser says so at length. */
function assertDescription(document: object, source: string): void {
  if (!('openapi' in document) && !('swagger' in document)) {
    throw new OpenApiUnreadableError(
      `${source} is not an OpenAPI or Swagger document (it has no "openapi" or "swagger" key); pass the API description`,
    );
  }
}

/** The files a parsed document's $refs name (the part before "#"), bounded like the walk in parseText. */
function externalRefs(document: object): string[] {
  const targets = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) targets.add(child.split('#')[0]!);
      else if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return [...targets].filter((target) => target !== '');
}

/** Throws when `document`, walked as a tree (shared parts once per place), has more than maxDocumentNodes nodes. */
function checkExpansion(document: object, source: string): void {
  let nodes = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    nodes += 1;
    if (nodes > maxDocumentNodes) {
      throw new OpenApiUnreadableError(
        `${source} expands to more than ${maxDocumentNodes} values (YAML aliases inside aliases?); apicert does not read it`,
      );
    }
    if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) stack.push(child);
  }
}

function parseText(text: string, source: string): object {
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : loadYaml(text, { schema: JSON_SCHEMA });
  } catch (error) {
    throw new OpenApiUnreadableError(
      `${source} is neither JSON nor YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new OpenApiUnreadableError(`${source} is not an OpenAPI document: its top level is not an object`);
  checkExpansion(parsed, source);
  return parsed;
}

// `api` is a path (which may refer to other files) or a parsed document (read as one file).
async function checkedModel(api: string | object, source: string, readsFiles: boolean): Promise<ApiModel> {
  const options = {
    resolve: { external: readsFiles, file: readsFiles, http: false as never },
    timeoutMs: resolveTimeoutMs,
    dereference: { circular: 'ignore' as const },
    validate: { errors: { colorize: false } },
  };
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate((typeof api === 'string' ? api : structuredClone(api)) as never, options as never);
  } catch (error) {
    throw toReadError(error, source);
  }
  if (!result.valid) {
    const lines = result.errors
      .slice(0, 20)
      .map((problem) => `${source}: ${oneLine(problem.message)}; fix the document, then run again`);
    if (result.additionalErrors > 0) lines.push(`${source}: ${result.additionalErrors} more problems not shown`);
    throw new OpenApiInvalidError(lines);
  }
  try {
    return toApiModel(
      await dereference((typeof api === 'string' ? api : structuredClone(api)) as never, options as never),
    );
  } catch (error) {
    throw toReadError(error, source);
  }
}

function toReadError(error: unknown, source: string): Error {
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  if (/ENOENT|EACCES|EISDIR/.test(message))
    return new OpenApiUnreadableError(
      `${source}: ${message}; check the path of the document and of the files it refers to`,
    );
  if (/not a valid (OpenAPI|Swagger)|Unsupported|unrecognized/i.test(message))
    return new OpenApiInvalidError([
      `${source}: ${message}; apicert reads Swagger 2.0 and OpenAPI 3.0 and 3.1 documents`,
    ]);
  return new OpenApiInvalidError([`${source}: ${message}; fix the document, then run again`]);
}

// The first line only: the parser follows it with a frame of the document's own text, which may hold anything.
function oneLine(text: string): string {
  const line =
    text
      .split('\n')
      .map((part) => part.trim())
      .find((part) => part !== '') ?? 'no detail given';
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}
