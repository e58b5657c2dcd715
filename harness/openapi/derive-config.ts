// A starting config from an API description: the base URL, the credential's header, the collections
// and their nested lists with sample bodies, the page-size bounds the list parameters declare, and
// the webhook registration its callbacks describe. Every choice comes back as a line naming the
// config key (a JSON pointer) and where it came from; every key it could not fill, as a line
// saying how to fill it. Pure.
import type { ApiModel, ApiOperation, SecurityScheme } from './api-model.js';
import { findCollections, singularOf, type FoundCollection } from './find-collections.js';
import { bodyProblem, changedBody, sampleBody } from './sample-body.js';
import { deriveWebhooks } from './derive-webhooks.js';

export interface DerivedLine {
  readonly kind: 'derived' | 'missing';
  /** JSON pointer of the config key, e.g. "/collections/0/sample". */
  readonly pointer: string;
  readonly text: string;
}

export interface Derivation {
  /** The config to write: plain JSON, validated by loadConfig before it is written. */
  readonly config: Record<string, unknown>;
  readonly lines: readonly DerivedLine[];
}

export interface DeriveOptions {
  /** The --base-url flag: wins over the document's servers. */
  readonly baseUrl?: string;
  /** Where the document was read from: a relative server URL is resolved against it. */
  readonly documentUrl?: string;
  /** Seeds the bodies generated from schemas. */
  readonly seed: number;
}

export function deriveConfig(model: ApiModel, options: DeriveOptions): Derivation {
  const lines: DerivedLine[] = [];
  const derived = (pointer: string, text: string): void => void lines.push({ kind: 'derived', pointer, text });
  const missing = (pointer: string, text: string): void => void lines.push({ kind: 'missing', pointer, text });

  const target: Record<string, unknown> = {};
  // A relative server path ("/api/v1") under a bare --base-url is where the paths live.
  const serverPath = model.servers.find((server) => server.startsWith('/') && server !== '/')?.replace(/\/+$/, '');
  const composed =
    options.baseUrl !== undefined && serverPath !== undefined && isBare(options.baseUrl)
      ? `${options.baseUrl.replace(/\/+$/, '')}${serverPath}`
      : undefined;
  const baseUrl = composed ?? options.baseUrl ?? serverUrl(model.servers, options.documentUrl);
  if (composed !== undefined)
    derived('/target/baseUrl', `${composed} (--base-url with the document's server path ${serverPath})`);
  else if (options.baseUrl !== undefined) derived('/target/baseUrl', `${options.baseUrl} (from --base-url)`);
  else if (baseUrl !== undefined) derived('/target/baseUrl', `${baseUrl} (from the document's servers[0])`);
  else missing('/target/baseUrl', 'the document names no absolute server URL: pass --base-url, or set target.baseUrl');
  if (baseUrl !== undefined) target['baseUrl'] = baseUrl;
  target['auth'] = deriveAuth(model, derived, missing);

  // A path whose POST registers webhooks (it has callbacks) is the sender's registration, not a collection.
  const registries = new Set(
    model.operations
      .filter((operation) => operation.method === 'post' && operation.callbacks.length > 0)
      .map((operation) => operation.path),
  );
  const found = findCollections(model).filter((collection) => {
    if (!registries.has(collection.path)) return true;
    derived(
      '/collections',
      `left out ${collection.path}: its POST registers webhooks (it has callbacks), so it is the sender's registration`,
    );
    return false;
  });
  const names = found.map((collection) => collection.name);
  if (found.length === 0)
    missing(
      '/collections',
      'no path pairs a list and create (GET and POST /things) with a member (GET /things/{id}); add collections by hand (docs/config.md)',
    );
  const collections = found.map((collection, index) =>
    deriveCollection(collection, `/collections/${index}`, names, model.version, options.seed, derived, missing),
  );

  const config: Record<string, unknown> = { target, collections };
  const pagination = derivePagination(found, derived);
  if (Object.keys(pagination).length > 0) config['pagination'] = pagination;
  const webhooks = deriveWebhooks(model, found, options.seed, derived, missing);
  if (Object.keys(webhooks).length > 0) config['webhooks'] = webhooks;
  return { config, lines };
}

/** Records one line of the derivation: the config key's JSON pointer and what was done there. */
export type Say = (pointer: string, text: string) => void;

/** True for a URL with no path ("http://host" or "http://host/"); false for a path, or no URL at all. */
function isBare(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') === '';
  } catch {
    return false;
  }
}

function serverUrl(servers: readonly string[], documentUrl: string | undefined): string | undefined {
  for (const server of servers) {
    if (server.includes('{')) continue;
    try {
      const url = documentUrl === undefined ? new URL(server) : new URL(server, documentUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      continue;
    }
  }
  return undefined;
}

function deriveAuth(model: ApiModel, derived: Say, missing: Say): Record<string, unknown> {
  const [scheme, ...others] = model.security;
  if (!model.statesSecurity) {
    const [declared] = model.declaredSchemes;
    // No requirement anywhere and no scheme to apply: by the specification the API takes no
    // credential, and asking for a token would stop the first run (APICERT_SECRET_MISSING).
    if (declared === undefined) {
      derived(
        '/target/auth/none',
        'true: the document states no security requirement and declares no security scheme, so the API takes no credential (resources.auth-required is skipped); set target.auth if it does take one',
      );
      return { none: true };
    }
    const sent = authOf(declared);
    missing(
      '/target/auth',
      `the document declares security scheme "${declared.name}" but no security requirement applies it: ${sent.supported ? `apicert sends ${sent.text}` : sent.text}; set target.auth to {"none": true} if the API takes no credential`,
    );
    return sent.auth;
  }
  if (scheme === undefined) {
    derived(
      '/target/auth/none',
      'true: no security requirement of the document names a scheme, so the API takes no credential (resources.auth-required is skipped)',
    );
    return { none: true };
  }
  if (others.length > 0)
    derived(
      '/target/auth',
      `the document asks for ${model.security.length} credentials at once; apicert sends one, the first (${scheme.name})`,
    );
  const sent = authOf(scheme);
  (sent.supported ? derived : missing)('/target/auth', sent.text);
  return sent.auth;
}

/** How apicert presents a scheme's credential, and a line saying so. */
function authOf(scheme: SecurityScheme): { auth: Record<string, unknown>; text: string; supported: boolean } {
  const bearer = { header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' };
  switch (scheme.kind) {
    case 'bearer':
      return {
        auth: bearer,
        text: `Authorization: Bearer $APICERT_TOKEN (security scheme "${scheme.name}"${scheme.obtained === undefined ? '' : `, a token obtained ${scheme.obtained}`})`,
        supported: true,
      };
    case 'basic':
      return {
        auth: { header: 'Authorization', scheme: 'Basic', tokenEnv: 'APICERT_TOKEN' },
        text: `Authorization: Basic $APICERT_TOKEN (security scheme "${scheme.name}"; put base64 of user:password in APICERT_TOKEN)`,
        supported: true,
      };
    case 'api-key-header':
      return {
        auth: { header: scheme.header, scheme: '', tokenEnv: 'APICERT_TOKEN' },
        text: `${scheme.header}: $APICERT_TOKEN (security scheme "${scheme.name}", an API key in a header)`,
        supported: true,
      };
    case 'unsupported':
      return {
        auth: bearer,
        text: `security scheme "${scheme.name}" is ${scheme.why}; set target.auth to a header apicert can send`,
        supported: false,
      };
  }
}

function deriveCollection(
  found: FoundCollection,
  pointer: string,
  names: readonly string[],
  version: string,
  seed: number,
  derived: Say,
  missing: Say,
): Record<string, unknown> {
  derived(
    pointer,
    `collection "${found.name}" at ${found.path} (list and create ${found.list.pointer.replace(/\/get$/, '')}; ${memberVerbs(found)})`,
  );
  const collection: Record<string, unknown> = { name: found.name, path: found.path };
  if (found.idField !== 'id' || found.idFieldFrom.startsWith('a guess'))
    derived(`${pointer}/idField`, `"${found.idField}": ${found.idFieldFrom}`);
  if (found.idField !== 'id') collection['idField'] = found.idField;
  collection['sample'] = bodyFor(
    found.create,
    `${pointer}/sample`,
    { seed, version, collectionNames: names, ownName: found.name },
    derived,
    missing,
  );
  const sample = collection['sample'] as Record<string, unknown>;
  // The kit's own defaults change every string field, which breaks enums and formats: these change
  // each field within its schema.
  const put = found.member.put?.body ?? found.create.body;
  if (found.member.put !== undefined && put !== undefined && Object.keys(sample).length > 0) {
    const replace = changedBody(sample, put.schema);
    const problem = bodyProblem(replace, sample, put.schema, version);
    if (problem === undefined) {
      collection['replace'] = replace;
      derived(`${pointer}/replace`, 'the sample with each field changed within its schema');
    } else {
      missing(
        `${pointer}/replace`,
        `the sample changed field by field does not validate against the PUT body schema (${problem}); write a whole record for PUT`,
      );
    }
  }
  const patch = found.member.patch?.body;
  if (patch !== undefined && Object.keys(sample).length > 0) {
    const changed = changedBody(sample, patch.schema, 'first');
    if (Object.keys(changed).length > 0) {
      collection['patch'] = changed;
      derived(`${pointer}/patch`, `"${Object.keys(changed)[0]}" of the sample, changed within the PATCH schema`);
    }
  }
  const styles = stylesOf(found.list);
  if (styles !== undefined) collection['pagination'] = { styles };
  // What the document offers is declared, so a method it documents and the target refuses fails,
  // and one it does not document is never sent.
  const operations = offeredOperations(found);
  collection['operations'] = operations;
  derived(
    `${pointer}/operations`,
    `${operations.join(', ')}: the methods the document gives ${found.path} and its members`,
  );
  const related = found.related.map((child, index) => {
    const childPointer = `${pointer}/related/${index}`;
    const entry: Record<string, unknown> = { name: child.name, path: child.path };
    derived(
      childPointer,
      `related list "${child.name}" at ${child.path}, children created ${child.createPath === 'nested' ? 'by a nested POST' : `by POST ${child.createPath} with the parent in "${child.parentField}"`}${child.memberPath === undefined ? '' : `, read at ${child.memberPath}`}`,
    );
    if (child.createPath !== 'nested') entry['createPath'] = child.createPath;
    if (child.memberPath !== undefined) entry['memberPath'] = child.memberPath;
    if (child.create === undefined) {
      missing(
        `${childPointer}/sample`,
        `no operation creates a ${singularOf(child.name)} under a ${singularOf(found.name)}: write a body that creates one`,
      );
      entry['sample'] = {};
    } else {
      entry['sample'] = bodyFor(
        child.create,
        `${childPointer}/sample`,
        {
          seed,
          version,
          collectionNames: names,
          ownName: child.name,
          ...(child.parentField !== undefined ? { parentField: child.parentField } : {}),
        },
        derived,
        missing,
      );
    }
    const childStyles = stylesOf(child.list);
    if (childStyles !== undefined) entry['pagination'] = { styles: childStyles };
    return entry;
  });
  if (related.length > 0) collection['related'] = related;
  return collection;
}

function offeredOperations(found: FoundCollection): string[] {
  return [
    'list',
    'read',
    'create',
    ...(found.member.put !== undefined ? ['replace'] : []),
    ...(found.member.patch !== undefined ? ['change'] : []),
    ...(found.member.delete !== undefined ? ['delete'] : []),
  ];
}

function memberVerbs(found: FoundCollection): string {
  const verbs = (['get', 'put', 'patch', 'delete'] as const)
    .filter((method) => found.member[method] !== undefined)
    .map((method) => method.toUpperCase());
  return `member ${verbs.join(', ')}`;
}

function bodyFor(
  operation: ApiOperation,
  pointer: string,
  context: Parameters<typeof sampleBody>[1],
  derived: Say,
  missing: Say,
): Record<string, unknown> {
  if (operation.body === undefined) {
    missing(
      pointer,
      `${operation.method.toUpperCase()} ${operation.path} documents no JSON request body: write a body that creates a record`,
    );
    return {};
  }
  const sample = sampleBody(operation.body, context);
  if (!sample.ok) {
    missing(pointer, `${operation.body.pointer}: ${sample.why}; write a body that creates a record`);
    return {};
  }
  derived(
    pointer,
    `${sample.from === 'example' ? 'the example' : `generated from the schema (seed ${context.seed})`} at ${operation.body.pointer}`,
  );
  return sample.body;
}

/** The styles a list's query parameters declare; undefined when it declares none (the default: all). */
function stylesOf(list: ApiOperation): string[] | undefined {
  const names = new Set(list.queryParameters.map((p) => p.name));
  const styles = [
    ...(names.has('limit') && names.has('offset') ? ['offset'] : []),
    ...(names.has('page') && names.has('per_page') ? ['page'] : []),
    ...(names.has('after') ? ['cursor'] : []),
  ];
  return styles.length === 0 ? undefined : styles;
}

function derivePagination(found: readonly FoundCollection[], derived: Say): Record<string, unknown> {
  const lists = found.flatMap((collection) => [collection.list, ...collection.related.map((child) => child.list)]);
  const agreed = (keyword: 'default' | 'maximum'): number | undefined => {
    const values = lists.map(
      (list) => list.queryParameters.find((p) => p.name === 'limit' || p.name === 'per_page')?.schema[keyword],
    );
    const [first] = values;
    return typeof first === 'number' &&
      Number.isInteger(first) &&
      first >= 1 &&
      values.every((value) => value === first)
      ? first
      : undefined;
  };
  const pagination: Record<string, unknown> = {};
  const defaultSize = agreed('default');
  const maximum = agreed('maximum');
  if (defaultSize !== undefined) {
    pagination['defaultPageSize'] = defaultSize;
    derived('/pagination/defaultPageSize', `${defaultSize} (the default of every list's page size parameter)`);
  }
  if (maximum !== undefined) {
    pagination['maxPageSize'] = maximum;
    derived('/pagination/maxPageSize', `${maximum} (the maximum of every list's page size parameter)`);
  }
  return pagination;
}
