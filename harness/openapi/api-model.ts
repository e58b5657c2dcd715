// What apicert reads of an API description, the same for Swagger 2.0, OpenAPI 3.0 and 3.1: the
// operations (path, method, query parameters, JSON request body, callbacks), the security schemes
// that apply, the servers and the 3.1 webhooks. The document must be dereferenced first. Pure.

export type JsonSchema = Readonly<Record<string, unknown>>;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiOperation {
  /** As in the document, e.g. "/customers/{customerId}". */
  readonly path: string;
  readonly method: HttpMethod;
  /** JSON pointer of the operation in the document, for the lines `apicert init` prints. */
  readonly pointer: string;
  readonly queryParameters: readonly { readonly name: string; readonly schema: JsonSchema }[];
  /** Names of its header parameters, as written. */
  readonly headerParameters: readonly string[];
  /** The JSON request body, when the operation takes one. */
  readonly body?: { readonly schema: JsonSchema; readonly example?: unknown; readonly pointer: string };
  /** Runtime expressions of its callbacks, e.g. "{$request.body#/url}". */
  readonly callbacks: readonly string[];
  /** Every answer it documents, keyed as written: "200", "4XX" or "default". */
  readonly responses: readonly ApiResponse[];
}

/** One documented answer of an operation. */
export interface ApiResponse {
  /** "201", "4XX" or "default", as the document keys it. */
  readonly status: string;
  readonly pointer: string;
  /** The media types it may carry, each with its schema when one is given; empty: no body. */
  readonly content: readonly { readonly mediaType: string; readonly schema?: JsonSchema }[];
}

/** A way to present a credential, as the document's security schemes describe it. */
export type SecurityScheme =
  | { readonly kind: 'bearer'; readonly name: string; readonly obtained?: string }
  | { readonly kind: 'basic'; readonly name: string }
  | { readonly kind: 'api-key-header'; readonly name: string; readonly header: string }
  | { readonly kind: 'unsupported'; readonly name: string; readonly why: string };

export interface ApiModel {
  /** "2.0", "3.0.3", "3.1.0"… */
  readonly version: string;
  /** Server URLs as written (absolute, or relative to the document). */
  readonly servers: readonly string[];
  /**
   * The schemes of the first security requirement that names any: the document's own, else the
   * first operation's that has one. Empty when no requirement names a scheme.
   */
  readonly security: readonly SecurityScheme[];
  /** True when the document states security at all, at its top or on an operation. */
  readonly statesSecurity: boolean;
  /** Every security scheme the document declares (components.securitySchemes, securityDefinitions), used or not. */
  readonly declaredSchemes: readonly SecurityScheme[];
  readonly operations: readonly ApiOperation[];
  /** 3.1 webhooks: the event names and their payload schemas. */
  readonly webhooks: readonly { readonly name: string; readonly payload?: JsonSchema }[];
}

const methods: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

const asRecord = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const escapePointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Reads a dereferenced Swagger 2.0 or OpenAPI 3.x document. */
export function toApiModel(document: unknown): ApiModel {
  const doc = asRecord(document);
  const isSwagger = typeof doc['swagger'] === 'string';
  const version = String(isSwagger ? doc['swagger'] : doc['openapi']);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(asRecord(doc['paths']))) {
    const pathItem = asRecord(item);
    for (const method of methods) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const op = asRecord(operation);
      const pointer = `/paths/${escapePointer(path)}/${method}`;
      const parameters = [...asArray(pathItem['parameters']), ...asArray(op['parameters'])].map(asRecord);
      const queryParameters = parameters
        .filter((p) => p['in'] === 'query' && typeof p['name'] === 'string')
        .map((p) => ({
          name: String(p['name']),
          schema: isSwagger ? swaggerParameterSchema(p) : asRecord(p['schema']),
        }));
      const headerParameters = parameters
        .filter((p) => p['in'] === 'header' && typeof p['name'] === 'string')
        .map((p) => String(p['name']));
      const body = isSwagger ? swaggerBody(parameters, pointer) : openApiBody(op['requestBody'], pointer);
      const callbacks = Object.values(asRecord(op['callbacks'])).flatMap((callback) => Object.keys(asRecord(callback)));
      const produces = asArray(op['produces'] ?? doc['produces']).filter(
        (type): type is string => typeof type === 'string',
      );
      const responses = Object.entries(asRecord(op['responses'])).map(([status, response]) =>
        toResponse(
          status,
          asRecord(response),
          `${pointer}/responses/${escapePointer(status)}`,
          isSwagger ? produces : undefined,
        ),
      );
      operations.push({
        path,
        method,
        pointer,
        queryParameters,
        headerParameters,
        ...(body !== undefined ? { body } : {}),
        callbacks,
        responses,
      });
    }
  }
  const schemes = asRecord(isSwagger ? doc['securityDefinitions'] : asRecord(doc['components'])['securitySchemes']);
  // An empty requirement ({}) makes a credential optional: the first one that names a scheme counts,
  // the document's own before any operation's.
  const operationRequirements = Object.values(asRecord(doc['paths'])).flatMap((item) =>
    methods.flatMap((method) => asArray(asRecord(asRecord(item)[method])['security'])),
  );
  const named = [...asArray(doc['security']), ...operationRequirements]
    .map(asRecord)
    .find((requirement) => Object.keys(requirement).length > 0);
  const security =
    named === undefined ? [] : Object.keys(named).map((name) => toScheme(name, asRecord(schemes[name]), isSwagger));
  const statesSecurity =
    Array.isArray(doc['security']) ||
    Object.values(asRecord(doc['paths'])).some((item) =>
      methods.some((method) => Array.isArray(asRecord(asRecord(item)[method])['security'])),
    );
  return {
    version,
    servers: isSwagger
      ? swaggerServers(doc)
      : asArray(doc['servers'])
          .map(asRecord)
          .map(serverUrlOf)
          .filter((url) => url !== ''),
    security,
    statesSecurity,
    declaredSchemes: Object.entries(schemes).map(([name, scheme]) => toScheme(name, asRecord(scheme), isSwagger)),
    operations,
    webhooks: Object.entries(asRecord(doc['webhooks'])).map(([name, item]) => {
      const post = asRecord(asRecord(item)['post']);
      const payload = openApiBody(post['requestBody'], '')?.schema;
      return payload === undefined ? { name } : { name, payload };
    }),
  };
}

/** A server's URL with each {variable} replaced by its default, as the document says to. */
function serverUrlOf(server: Readonly<Record<string, unknown>>): string {
  const variables = asRecord(server['variables']);
  return String(server['url'] ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const fallback = asRecord(variables[name])['default'];
    return typeof fallback === 'string' ? fallback : whole;
  });
}

function openApiBody(requestBody: unknown, pointer: string): ApiOperation['body'] {
  const content = asRecord(asRecord(requestBody)['content']);
  const type = Object.keys(content).find(
    (name) => name === 'application/json' || /^application\/[\w.+-]*json$/.test(name),
  );
  if (type === undefined) return undefined;
  const media = asRecord(content[type]);
  const examples = Object.values(asRecord(media['examples'])).map((example) => asRecord(example)['value']);
  const example =
    media['example'] ?? examples.find((value) => value !== undefined) ?? asRecord(media['schema'])['example'];
  return {
    schema: asRecord(media['schema']),
    ...(example !== undefined ? { example } : {}),
    pointer: `${pointer}/requestBody/content/${escapePointer(type)}`,
  };
}

// A 2.0 answer has one schema and the media types the operation (or document) produces; without
// `produces`, JSON is what a 2.0 API answers in practice.
function toResponse(
  status: string,
  response: Readonly<Record<string, unknown>>,
  pointer: string,
  produces: readonly string[] | undefined,
): ApiResponse {
  if (produces !== undefined) {
    if (response['schema'] === undefined) return { status, pointer, content: [] };
    const schema = asRecord(response['schema']);
    return {
      status,
      pointer,
      content: (produces.length > 0 ? produces : ['application/json']).map((mediaType) => ({ mediaType, schema })),
    };
  }
  const content = Object.entries(asRecord(response['content'])).map(([mediaType, media]) => {
    const schema = asRecord(media)['schema'];
    return schema === undefined ? { mediaType } : { mediaType, schema: asRecord(schema) };
  });
  return { status, pointer, content };
}

function swaggerBody(parameters: readonly Readonly<Record<string, unknown>>[], pointer: string): ApiOperation['body'] {
  const index = parameters.findIndex((p) => p['in'] === 'body');
  if (index < 0) return undefined;
  const schema = asRecord(parameters[index]!['schema']);
  const example = schema['example'] ?? parameters[index]!['x-example'];
  return { schema, ...(example !== undefined ? { example } : {}), pointer: `${pointer}/parameters/${index}` };
}

// A 2.0 parameter holds its schema keywords itself.
function swaggerParameterSchema(parameter: Readonly<Record<string, unknown>>): JsonSchema {
  const { name: _name, in: _in, required: _required, description: _description, ...schema } = parameter;
  return schema;
}

function swaggerServers(doc: Readonly<Record<string, unknown>>): string[] {
  const host = doc['host'];
  const basePath = typeof doc['basePath'] === 'string' ? doc['basePath'] : '';
  if (typeof host !== 'string') return basePath === '' ? [] : [basePath];
  const scheme = asArray(doc['schemes']).includes('https') ? 'https' : String(asArray(doc['schemes'])[0] ?? 'https');
  return [`${scheme}://${host}${basePath}`];
}

function toScheme(name: string, scheme: Readonly<Record<string, unknown>>, isSwagger: boolean): SecurityScheme {
  const type = scheme['type'];
  if (type === 'http' && String(scheme['scheme']).toLowerCase() === 'bearer') return { kind: 'bearer', name };
  if ((type === 'http' && String(scheme['scheme']).toLowerCase() === 'basic') || (isSwagger && type === 'basic'))
    return { kind: 'basic', name };
  if (type === 'apiKey' && scheme['in'] === 'header' && typeof scheme['name'] === 'string')
    return { kind: 'api-key-header', name, header: scheme['name'] };
  if (type === 'apiKey')
    return {
      kind: 'unsupported',
      name,
      why: `an API key in the ${String(scheme['in'])}; apicert sends its credential in a header`,
    };
  if (type === 'oauth2' || type === 'openIdConnect')
    return {
      kind: 'bearer',
      name,
      obtained: `through ${String(type)}: apicert does not fetch tokens, so get one yourself`,
    };
  return { kind: 'unsupported', name, why: `a ${String(type)} scheme` };
}

/** The JSON schema of an operation's first documented 2xx answer, when it gives one. */
export function successSchema(operation: ApiOperation): JsonSchema | undefined {
  const success = operation.responses.find((response) => /^2\d\d$/.test(response.status));
  const json = success?.content.find(
    (media) => media.mediaType === 'application/json' || /^application\/[\w.+-]*json$/.test(media.mediaType),
  );
  return json?.schema;
}
