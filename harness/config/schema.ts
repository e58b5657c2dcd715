// The JSON Schema (draft-07, the draft editors support best) of apicert.config.json, and the one
// description of the config: the TypeScript types are derived from it (config-types.ts), ajv
// fills in its `default`s while validating (useDefaults), and the docs read its descriptions.
// To add a key, add it here with a one-line description and, if it has one, its default; only a
// default that depends on other keys goes in code (computed-defaults.ts).
// A section that is always there after loading has `default: {}`, so ajv creates it and then fills
// its keys. Unknown keys are errors everywhere except inside request bodies, which are the user's
// data. No oneOf/anyOf: unions are single patterns, so ajv reports the real problem instead of a
// cascade of branch failures. The node builders (schema-nodes.ts) keep literal types, which the
// derived types need.
import * as P from './config-patterns.js';
import { collection, maxCollections } from './schema-collections.js';
import { receiver, sender } from './schema-webhook-roles.js';
import { choice, count, filledSection, millis, section, text, type SchemaNode } from './schema-nodes.js';

export type { SchemaNode } from './schema-nodes.js';

// A token that expires mid-run (issue 36, item 5): one of two ways to get a new one. Not a oneOf
// (see the top of the file): "exactly one of them" is a cross-field check.
const refreshSection = section(
  'How to get a new token when the one in use is refused mid-run (it expired): tried once for such a refusal before the run stops on it, and for the first token when the variable named by tokenEnv is not set. Exactly one of command and oauth2ClientCredentials.',
  {
    command: {
      type: 'array',
      description:
        "A program and its arguments, run without a shell in the config file's folder, with the run's environment (15 s at most, 16 KiB of output); the first line it prints, trimmed, is the new token. Its output is never shown.",
      items: { type: 'string', minLength: 1 },
      minItems: 1,
    },
    oauth2ClientCredentials: section(
      "An OAuth 2.0 client credentials grant (RFC 6749 4.4): a POST of grant_type=client_credentials to tokenUrl with the client's id and secret in HTTP Basic; the answer's access_token is the new token. The API's token is never sent there.",
      {
        tokenUrl: text(
          'The token endpoint, e.g. "https://auth.example.com/oauth/token"; https, or http to a loopback host.',
          P.HTTP_URL,
        ),
        clientIdEnv: text('Environment variable holding the client id.', P.ENV_NAME),
        clientSecretEnv: text('Environment variable holding the client secret.', P.ENV_NAME),
        scope: text('Scopes to ask for, space-separated; left out, the endpoint chooses.', P.OAUTH_SCOPE),
      },
      ['tokenUrl', 'clientIdEnv', 'clientSecretEnv'],
    ),
  },
);

const root = section('What the API convention leaves open, so that one kit can certify any implementation.', {
  $schema: { type: 'string', description: 'Path or URL of the config JSON Schema, for editors; ignored by apicert.' },
  target: filledSection('The API under test.', {
    baseUrl: text(
      'Base URL of the API, e.g. "http://127.0.0.1:4010"; no query, fragment or user info. The --base-url flag wins.',
      P.HTTP_URL,
    ),
    auth: filledSection(
      'How the kit authenticates. The token itself comes from the environment, never from this file.',
      {
        header: text('Header carrying the credential.', P.HEADER_NAME, 'Authorization'),
        scheme: text('Word before the token, e.g. "Bearer"; "" sends the bare token.', P.AUTH_SCHEME, 'Bearer'),
        tokenEnv: text('Environment variable holding the token.', P.ENV_NAME, 'APICERT_TOKEN'),
        none: {
          type: 'boolean',
          description:
            'The API takes no credential: apicert sends none, needs no token variable, and skips resources.auth-required with this reason.',
          default: false,
        },
        refresh: refreshSection,
      },
    ),
    followRedirects: {
      type: 'boolean',
      description: 'Follow redirects to the same origin; cross-origin redirects are never followed.',
      default: false,
    },
    rateLimit: {
      type: 'number',
      description:
        'Most requests per second the kit sends to the target; left out, no limit. The --rate-limit flag wins.',
      minimum: 0.01,
    },
    concurrency: {
      ...count(
        'Most requests in flight to the target at once, checks, fixtures and clean-up together; 1 sends strictly one after another. The --concurrency flag wins. Default 24, chosen by measurement: docs/http-client.md gives the figures and why.',
        1,
        24,
      ),
      maximum: 64,
    },
    throttle: filledSection(
      'How the kit answers a 429, or a 503 with Retry-After ("not now"): it waits and sends the request again; a throttled answer is never a conformance failure.',
      {
        maxRetries: {
          ...count(
            'Times one request is sent again after a 429 (or 503 with Retry-After); past that the check is errored.',
            0,
            5,
          ),
          maximum: 10,
        },
        maxWaitMs: {
          ...millis(
            'Longest single wait for the target, in ms; a Retry-After asking for more makes the check errored at once.',
            10_000,
          ),
          maximum: 60_000,
        },
        backoffMs: millis(
          'First wait after a 429 without Retry-After, in ms; doubled on each retry, up to maxWaitMs.',
          500,
        ),
      },
    ),
  }),
  collections: {
    type: 'array',
    description: `Collections to exercise; at most ${maxCollections}.`,
    items: collection,
    maxItems: maxCollections,
    default: [],
  },
  resources: filledSection(
    'Resource choices the convention leaves open; each default accepts every reasonable choice.',
    {
      createStatus: text(
        'Status of a successful create: "2xx" for any, or one code such as "201".',
        P.SUCCESS_STATUS,
        '2xx',
      ),
      deleteStatus: text(
        'Status of a successful delete: "2xx" for any, or one code such as "204".',
        P.SUCCESS_STATUS,
        '2xx',
      ),
      refusedStatus: choice(
        'Status of a request refused for its credential: 401, 403, or either.',
        ['either', '401', '403'],
        'either',
      ),
      putOmittedField: choice(
        'PUT without a field: reject it with 4xx, or succeed with the field removed or reset, or either.',
        ['either', 'reject', 'reset'],
        'either',
      ),
      idChange: choice(
        'PUT or PATCH carrying another id: reject it with 4xx, ignore the id, or either.',
        ['either', 'reject', 'ignore'],
        'either',
      ),
      unknownParentList: choice(
        'A list nested under an id that does not exist: 404, or "either" a 4xx or an empty list page (an empty list that is no page, a bare [], passes with a note; the mapping of conditions to status codes is not shown, 7/3).',
        ['either', '404'],
        'either',
      ),
      modelRuns: {
        ...count(
          'Generated command sequences resources.model-consistency runs after its fixed one, each starting with a create on every list.',
          1,
          4,
        ),
        maximum: 100,
      },
      modelCommands: {
        ...count('Most commands in one generated sequence of resources.model-consistency.', 1, 12),
        maximum: 100,
      },
      errorBodyPointer: text(
        'When set, every 4xx body must be JSON with a value at this JSON pointer, e.g. "/error/message".',
        P.JSON_POINTER,
      ),
    },
  ),
  pagination: filledSection('Pagination expectations, shared by every list.', {
    defaultPageSize: count('Expected default page size. Default: found by probing.', 1),
    maxPageSize: count('Expected maximum page size. Default: found by probing.', 1),
    overMaxPolicy: choice(
      'Expected answer to a page size above the maximum: clamp it to the maximum, reject it with 4xx, or either.',
      ['clamp', 'reject', 'either'],
      'either',
    ),
    lastPageCursor: choice(
      'Expected next_cursor on the last page: null, left out ("absent"), "" ("empty"), or any of these.',
      ['null', 'absent', 'empty', 'any'],
      'any',
    ),
    invalidParams: choice(
      'Expected answer to an invalid pagination parameter: 4xx, a bounded page, or either.',
      ['reject', 'bounded-page', 'either'],
      'either',
    ),
    fixtureCap: count('Most fixture records the kit may create on one list to probe the bounds.', 1, 250),
    walkPageSize: count('Page size the walks use.', 1, 5),
    propertyRuns: count(
      "Runs of the pagination-under-mutation property per list: four fixed ones (no writes; the anchor deleted; a seen and an unseen record deleted and one inserted; a seen record replaced), then fast-check's generated ones.",
      1,
      10,
    ),
    modelRuns: {
      ...count(
        'Generated command sequences pagination.model-consistency runs on each list after its three fixed ones, side by side.',
        1,
        3,
      ),
      maximum: 100,
    },
    modelSteps: {
      ...count(
        'Most steps (pages of two walks, and writes) in one generated sequence of pagination.model-consistency.',
        1,
        10,
      ),
      maximum: 100,
    },
    deepPageRatioWarn: {
      type: 'number',
      description: 'Advice is given when a deep page is this many times slower than the first.',
      exclusiveMinimum: 1,
      default: 3,
    },
  }),
  webhooks: filledSection('Webhook roles to certify; a role that is left out is skipped.', { sender, receiver }),
  budgets: filledSection('Bounds on time and size, so a misbehaving target cannot hang or flood the run.', {
    requestTimeoutMs: millis(
      'Time-out of each request, in ms: for connecting, for the response headers, between body chunks, and for the whole exchange.',
      10_000,
    ),
    maxResponseBytes: count('Largest response body read, in bytes.', 1, 4_194_304),
    evidenceBodyBytes: count('Largest body kept as evidence in the reports, in bytes.', 1, 4096),
    maxPagesPerWalk: count('Most pages one walk may fetch.', 1, 200),
    requestsPerList: count('Most requests one check may make on one list.', 1, 2000),
    checkTimeoutMs: millis('Time budget of one check, in ms.', 60_000),
    totalRunMs: millis('Time budget of the whole run, the reachability probe included, in ms.', 600_000),
    maxRequests: count(
      'Most requests the whole run sends to the target; reaching it stops the run as totalRunMs does (the running and later checks errored), and the records made so far are still deleted.',
      1,
      100_000,
    ),
    unansweredInARow: count(
      'Exchanges with the target in a row that, timing out or reset, stop the run ("the target stopped answering"); any answer starts the count again.',
      1,
      3,
    ),
  }),
});

/** The JSON Schema of apicert.config.json; also written to dist as apicert.config.schema.json. */
export const configSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'apicert config',
  ...root,
} as const satisfies SchemaNode;
