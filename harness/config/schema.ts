// The JSON Schema (draft-07, the draft editors support best) of apicert.config.json as users
// write it: every key optional unless `required` says so, defaults shown as annotations only
// (apply-defaults.ts fills them in). Unknown keys are errors everywhere except inside request
// bodies, which are the user's data. No oneOf/anyOf: unions are single patterns, so ajv reports
// the real problem instead of a cascade of branch failures.
import { ALL_PAGINATION_STYLES, CONFIG_DEFAULTS as D, MAX_TIMER_MS } from './config-defaults.js';
import * as P from './config-patterns.js';
import type { ConfigPattern } from './config-patterns.js';

/** The subset of JSON Schema this file uses; enough for walking it (config-keys.ts, problem lines). */
export interface SchemaNode {
  readonly $schema?: string;
  readonly title?: string;
  readonly description?: string;
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: SchemaNode;
  readonly uniqueItems?: boolean;
  readonly minItems?: number;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly default?: unknown;
}

function text(description: string, format?: ConfigPattern, defaultValue?: string): SchemaNode {
  return {
    type: 'string',
    description,
    ...(format ? { pattern: format.pattern } : { minLength: 1 }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
}

function count(description: string, minimum: number, defaultValue?: number): SchemaNode {
  return { type: 'integer', description, minimum, ...(defaultValue === undefined ? {} : { default: defaultValue }) };
}

function millis(description: string, defaultValue: number): SchemaNode {
  return { type: 'integer', description, minimum: 1, maximum: MAX_TIMER_MS, default: defaultValue };
}

function choice(description: string, values: readonly string[], defaultValue: string): SchemaNode {
  return { type: 'string', description, enum: values, default: defaultValue };
}

function section(
  description: string,
  properties: Record<string, SchemaNode>,
  required: readonly string[] = [],
): SchemaNode {
  return {
    type: 'object',
    description,
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function body(description: string): SchemaNode {
  return { type: 'object', description };
}

const styles: SchemaNode = section('How this list paginates.', {
  styles: {
    type: 'array',
    description: 'Pagination styles this list supports: "offset" (limit/offset), "page" (page/per_page), "cursor" (after). Default: all three.',
    items: { type: 'string', enum: ALL_PAGINATION_STYLES },
    minItems: 1,
    uniqueItems: true,
    default: ALL_PAGINATION_STYLES,
  },
});

const related: SchemaNode = section(
  'A related collection nested under a member of its parent, e.g. /customers/{id}/orders.',
  {
    name: text('Name of the related collection, used in reports.', P.COLLECTION_NAME),
    path: text('Nested path; "{id}" stands for the parent\'s identifier, e.g. "/customers/{id}/orders".', P.TARGET_PATH),
    idField: text('Field of a child record holding its identifier.', undefined, D.collection.idField),
    sample: body('Body that creates a valid child. Strings may use {unique}, {fixture:NAME} and {parentId}.'),
    createPath: text(
      'Where children are created: "nested" POSTs to the nested path; a collection path (e.g. "/orders") POSTs there with {parentId} in the sample.',
      P.CREATE_PATH,
      D.related.createPath,
    ),
    memberPath: text(
      'Path of one child, for reading and deleting it: "{childId}" is the child\'s id, "{id}" the parent\'s. Default: the nested path + "/{childId}".',
      P.MEMBER_PATH,
    ),
    pagination: styles,
  },
  ['name', 'path', 'sample'],
);

const collection: SchemaNode = section(
  'A collection the kit exercises: create, read, replace, change, delete and list.',
  {
    name: text('Unique name of the collection; {fixture:NAME} in other samples refers to it.', P.COLLECTION_NAME),
    path: text('Path of the collection, e.g. "/customers".', P.TARGET_PATH),
    idField: text('Field of a record holding its identifier.', undefined, D.collection.idField),
    sample: body('Body that creates a valid record. Strings may use {unique} and {fixture:NAME}.'),
    replace: body('Whole-record body for PUT. Default: the sample with its string fields changed.'),
    patch: body('Partial body for PATCH. Default: the first string field of the sample, changed.'),
    related: {
      type: 'array',
      description: 'Related collections nested under a member of this one.',
      items: related,
      default: [],
    },
    pagination: styles,
  },
  ['name', 'path', 'sample'],
);

const sink: SchemaNode = section('The capturing sink the kit listens on to receive the target\'s webhook deliveries.', {
  host: text('Interface the sink listens on.', P.LISTEN_HOST, D.sink.host),
  port: { type: 'integer', description: 'Port the sink listens on; 0 picks a free one.', minimum: 0, maximum: 65_535, default: D.sink.port },
  publicUrl: text('URL the target should call when it cannot reach host:port directly (tunnel, container).', P.HTTP_URL),
  tls: section(
    'PEM files to serve the sink over HTTPS.',
    {
      certFile: text('Path of the PEM certificate (chain).'),
      keyFile: text('Path of the PEM private key.'),
    },
    ['certFile', 'keyFile'],
  ),
  maxBodyBytes: count('Largest delivery body kept, in bytes.', 1, D.sink.maxBodyBytes),
  maxConnections: count('Most open connections to the sink.', 1, D.sink.maxConnections),
});

const sender: SchemaNode = section('Webhooks, sender role: the target sends signed deliveries to the kit\'s sink.', {
  register: section(
    'How to register the sink with the target. Strings in the body may use {sinkUrl} and {secret}.',
    {
      method: text('HTTP method of the registration request, e.g. "POST".', P.HTTP_METHOD),
      path: text('Path of the registration request, e.g. "/webhooks".', P.TARGET_PATH),
      body: body('Registration body; must contain {sinkUrl}, and usually {secret}.'),
      idField: text('Field of the registration response holding the subscription id, used to remove it afterwards.', undefined, D.sender.registerIdField),
    },
    ['method', 'path', 'body'],
  ),
  collection: text('Name of the collection whose create/update/delete trigger events. Default: the first collection.', P.COLLECTION_NAME),
  events: section('Expected event names per operation. Default: discovered from the deliveries.', {
    create: text('Event name sent when a record is created, e.g. "customer.created".'),
    update: text('Event name sent when a record is changed.'),
    delete: text('Event name sent when a record is deleted.'),
  }),
  digestEncoding: choice('Encoding of the HMAC digest after "sha256=".', ['hex', 'base64', 'either'], D.sender.digestEncoding),
  senderTimeoutMs: millis('How long the target\'s sender waits for an answer before it retries, in ms.', D.sender.senderTimeoutMs),
  retryWindowMs: millis('How long the kit waits for deliveries and retries, in ms.', D.sender.retryWindowMs),
  sink,
}, ['register']);

const receiver: SchemaNode = section('Webhooks, receiver role: the kit sends signed deliveries to the target.', {
  url: text('The target\'s receiver endpoint: an absolute http(s) URL, or a path resolved against the base URL.', P.URL_OR_PATH),
  secretEnv: text('Environment variable holding the signing secret the receiver verifies.', P.ENV_NAME, D.receiver.secretEnv),
  digestEncoding: choice('Encoding of the HMAC digest the kit sends after "sha256=".', ['hex', 'base64'], D.receiver.digestEncoding),
  ackBudgetMs: millis('A 2xx must arrive within this many ms ("quickly", convention 4.3).', D.receiver.ackBudgetMs),
  events: section('Event bodies the kit sends; strings may use {eventId} and {recordId}.', {
    create: { ...body('Body of a creation event; must contain {eventId}.'), default: D.receiver.events.create },
    update: { ...body('Body of an update event; must contain {eventId}.'), default: D.receiver.events.update },
  }),
  observe: section(
    'How to observe what the receiver processed, so deduplication can be checked.',
    {
      urlTemplate: text('GET URL or path; {eventId} is replaced, e.g. "/webhook-receiver/events/{eventId}".', P.URL_OR_PATH),
      pointer: text('JSON pointer to the processed count in the response, e.g. "/processedCount".', P.JSON_POINTER),
    },
    ['urlTemplate', 'pointer'],
  ),
}, ['url']);

/** The JSON Schema of apicert.config.json; also written to dist as apicert.config.schema.json. */
export const configSchema: SchemaNode = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'apicert config',
  ...section('What the API convention leaves open, so that one kit can certify any implementation.', {
    $schema: { type: 'string', description: 'Path or URL of this JSON Schema, for editors; ignored by apicert.' },
    target: section('The API under test.', {
      baseUrl: text('Base URL of the API, e.g. "http://127.0.0.1:4010". The --base-url flag wins.', P.HTTP_URL),
      auth: section('How the kit authenticates. The token itself comes from the environment, never from this file.', {
        header: text('Header carrying the credential.', P.HEADER_NAME, D.target.auth.header),
        scheme: text('Word before the token, e.g. "Bearer"; "" for the bare token.', P.AUTH_SCHEME, D.target.auth.scheme),
        tokenEnv: text('Environment variable holding the token.', P.ENV_NAME, D.target.auth.tokenEnv),
      }),
      followRedirects: {
        type: 'boolean',
        description: 'Follow redirects to the same origin; cross-origin redirects are never followed.',
        default: D.target.followRedirects,
      },
    }),
    collections: { type: 'array', description: 'Collections to exercise.', items: collection, default: [] },
    resources: section('Resource choices the convention leaves open; each default accepts every reasonable choice.', {
      createStatus: text('Status of a successful create: "2xx" for any, or one code such as "201".', P.SUCCESS_STATUS, D.resources.createStatus),
      deleteStatus: text('Status of a successful delete: "2xx" for any, or one code such as "204".', P.SUCCESS_STATUS, D.resources.deleteStatus),
      refusedStatus: choice('Status of a request refused for its credential: 401, 403, or either.', ['either', '401', '403'], D.resources.refusedStatus),
      putOmittedField: choice('PUT without a field: reject it with 4xx, reset the field (removed or default), or either.', ['either', 'reject', 'reset'], D.resources.putOmittedField),
      idChange: choice('PUT or PATCH carrying another id: reject it with 4xx, ignore the id, or either.', ['either', 'reject', 'ignore'], D.resources.idChange),
      errorBodyPointer: text('When set, every 4xx body must be JSON with a value at this JSON pointer, e.g. "/error/message".', P.JSON_POINTER),
    }),
    pagination: section('Pagination expectations, shared by every list.', {
      defaultPageSize: count('Expected default page size. Default: discovered by probing.', 1),
      maxPageSize: count('Expected maximum page size. Default: discovered by probing.', 1),
      overMaxPolicy: choice('Answer to a page size above the maximum: clamp to it, reject with 4xx, or either.', ['clamp', 'reject', 'either'], D.pagination.overMaxPolicy),
      lastPageCursor: choice('Form of next_cursor on the last page: null, absent, empty string, or any of them.', ['null', 'absent', 'empty', 'any'], D.pagination.lastPageCursor),
      invalidParams: choice('Answer to an invalid pagination parameter: 4xx, a bounded page, or either.', ['reject', 'bounded-page', 'either'], D.pagination.invalidParams),
      fixtureCap: count('Most fixture records the kit may create on one list to probe bounds.', 1, D.pagination.fixtureCap),
      walkPageSize: count('Page size the walks use.', 1, D.pagination.walkPageSize),
      propertyRuns: count('fast-check runs of the pagination-under-mutation property.', 1, D.pagination.propertyRuns),
      deepPageRatioWarn: {
        type: 'number',
        description: 'Deep-page latency ratio (deep page / first page) above which a warning is reported.',
        exclusiveMinimum: 1,
        default: D.pagination.deepPageRatioWarn,
      },
    }),
    webhooks: section('Webhook roles to certify; a role left out is skipped.', { sender, receiver }),
    budgets: section('Bounds on time and size, so a misbehaving target cannot hang or flood the run.', {
      requestTimeoutMs: millis('Each request\'s connect, headers and body time-out, in ms.', D.budgets.requestTimeoutMs),
      maxResponseBytes: count('Largest response body read, in bytes.', 1, D.budgets.maxResponseBytes),
      evidenceBodyBytes: count('Largest body kept as evidence in reports, in bytes.', 1, D.budgets.evidenceBodyBytes),
      maxPagesPerWalk: count('Most pages one walk may fetch.', 1, D.budgets.maxPagesPerWalk),
      requestsPerList: count('Most requests one check may make on one list.', 1, D.budgets.requestsPerList),
      checkTimeoutMs: millis('One check\'s time budget, in ms.', D.budgets.checkTimeoutMs),
      totalRunMs: millis('The whole run\'s time budget, in ms.', D.budgets.totalRunMs),
    }),
  }),
};
