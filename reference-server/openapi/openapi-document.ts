// The reference server's own OpenAPI 3.1 document, built from its resource definitions, so that
// `apicert init --base-url` and `apicert run --openapi` work on it out of the box. It describes the
// clean server: a defect switch changes what the server does, never what it publishes. Pure.
import {
  customers,
  orders,
  resourceDefinitions,
  type FieldSpec,
  type ResourceDefinition,
} from '../resources/resource-definitions.js';
import { cleanPageParamPolicy } from '../pagination/parse-page-params.js';

type Json = Readonly<Record<string, unknown>>;

// What a client would send to create one record; {unique}-free, the importer adds its own.
const examples: Readonly<Record<ResourceDefinition['collection'], Json>> = {
  customers: { name: 'Ada Lovelace', email: 'ada@example.com', tier: 'pro' },
  orders: { customerId: 'cus_0123456789abcdef', total: 42.5, status: 'pending' },
  products: { sku: 'SKU-1', title: 'Widget', priceCents: 1299 },
};

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function fieldSchema(spec: FieldSpec): Json {
  switch (spec.kind) {
    case 'string':
      return {
        type: 'string',
        minLength: spec.minLength,
        maxLength: spec.maxLength,
        ...(spec.mustContain === '@' ? { format: 'email' } : {}),
      };
    case 'number':
      return { type: spec.isInteger ? 'integer' : 'number', minimum: spec.minimum };
    case 'enum':
      return { type: 'string', enum: spec.values, ...(spec.default !== undefined ? { default: spec.default } : {}) };
  }
}

/** A record as read: the server's fields are readOnly, so a request body leaves them out. */
function recordSchema(resource: ResourceDefinition, leaveOut: readonly string[] = []): Json {
  const fields = Object.entries(resource.fields).filter(([name]) => !leaveOut.includes(name));
  return {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true, pattern: `^${resource.idPrefix}` },
      ...Object.fromEntries(fields.map(([name, spec]) => [name, fieldSchema(spec)])),
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
      updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    },
    required: fields.filter(([, spec]) => spec.required).map(([name]) => name),
    additionalProperties: false,
  };
}

function patchSchema(resource: ResourceDefinition): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(resource.fields).map(([name, spec]) => [name, fieldSchema(spec)])),
    minProperties: 1,
    additionalProperties: false,
  };
}

const pageParameters: readonly Json[] = [
  {
    name: 'limit',
    in: 'query',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: cleanPageParamPolicy.maxPageSize,
      default: cleanPageParamPolicy.defaultPageSize,
    },
  },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'per_page',
    in: 'query',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: cleanPageParamPolicy.maxPageSize,
      default: cleanPageParamPolicy.defaultPageSize,
    },
  },
  { name: 'after', in: 'query', description: 'next_cursor of the page before', schema: { type: 'string' } },
];

const json = (schema: Json, example?: Json): Json => ({
  content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
});
const errorAnswers = (codes: readonly number[]): Json =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: (
          { 400: 'Invalid request', 401: 'No valid credential', 404: 'Not found', 413: 'Body too large' } as Record<
            number,
            string
          >
        )[code],
        ...json(ref('Error')),
      },
    ]),
  );

function collectionPaths(resource: ResourceDefinition): Record<string, Json> {
  const name = capitalized(resource.singular);
  const tag = resource.collection;
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    [`/${resource.collection}`]: {
      get: {
        operationId: `list${capitalized(resource.collection)}`,
        tags: [tag],
        parameters: pageParameters,
        responses: {
          200: { description: `A page of ${resource.collection}`, ...json(ref(`${name}Page`)) },
          ...errorAnswers([400, 401]),
        },
      },
      post: {
        operationId: `create${name}`,
        tags: [tag],
        requestBody: { required: true, ...json(ref(name), examples[resource.collection]) },
        responses: {
          201: { description: `The ${resource.singular} created`, ...json(ref(name)) },
          ...errorAnswers([400, 401, 413]),
        },
      },
    },
    [`/${resource.collection}/{id}`]: {
      parameters: [idParameter],
      get: {
        operationId: `read${name}`,
        tags: [tag],
        responses: {
          200: { description: `The ${resource.singular}`, ...json(ref(name)) },
          ...errorAnswers([401, 404]),
        },
      },
      put: {
        operationId: `replace${name}`,
        tags: [tag],
        requestBody: { required: true, ...json(ref(name)) },
        responses: {
          200: { description: `The ${resource.singular} replaced`, ...json(ref(name)) },
          ...errorAnswers([400, 401, 404]),
        },
      },
      patch: {
        operationId: `change${name}`,
        tags: [tag],
        requestBody: { required: true, ...json(ref(`${name}Patch`)) },
        responses: {
          200: { description: `The ${resource.singular} changed`, ...json(ref(name)) },
          ...errorAnswers([400, 401, 404]),
        },
      },
      delete: {
        operationId: `delete${name}`,
        tags: [tag],
        responses: { 204: { description: `The ${resource.singular} deleted` }, ...errorAnswers([401, 404]) },
      },
    },
  };
}

const eventSchema: Json = {
  type: 'object',
  properties: {
    event: {
      type: 'string',
      enum: resourceDefinitions.flatMap((r) =>
        ['created', 'updated', 'deleted'].map((change) => `${r.singular}.${change}`),
      ),
    },
    id: { type: 'string', description: 'Unique per event; the same on every retry of it' },
    data: { type: 'object', description: 'The record as it is after the change' },
  },
  required: ['event', 'id', 'data'],
};

const delivery: Json = {
  post: {
    parameters: [
      {
        name: 'X-Signature',
        in: 'header',
        required: true,
        description: 'sha256=<HMAC-SHA256 of the raw body with the subscription secret, hex>',
        schema: { type: 'string' },
      },
    ],
    requestBody: { required: true, ...json(ref('Event')) },
    responses: { 200: { description: 'Received; any 2xx stops the retries' } },
  },
};

/** The OpenAPI 3.1 document of the clean reference server. */
export function referenceOpenApiDocument(): Json {
  const schemas: Record<string, Json> = {
    Error: {
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: { code: { type: 'string' }, message: { type: 'string' } },
          required: ['code', 'message'],
        },
      },
      required: ['error'],
    },
    Event: eventSchema,
    Subscription: {
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true },
        url: { type: 'string', format: 'uri' },
        secret: { type: 'string', writeOnly: true, minLength: 1, maxLength: 512 },
        createdAt: { type: 'string', format: 'date-time', readOnly: true },
      },
      required: ['url', 'secret'],
      additionalProperties: false,
    },
    CustomerOrder: recordSchema(orders, ['customerId']),
  };
  for (const resource of resourceDefinitions) {
    const name = capitalized(resource.singular);
    schemas[name] = recordSchema(resource);
    schemas[`${name}Patch`] = patchSchema(resource);
    schemas[`${name}Page`] = {
      type: 'object',
      properties: {
        items: { type: 'array', items: ref(name) },
        next_cursor: { type: ['string', 'null'] },
        has_more: { type: 'boolean' },
      },
      required: ['items', 'has_more'],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'apicert reference server',
      version: '1.0.0',
      description: 'The clean reference implementation of the API convention apicert certifies.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths: {
      ...Object.assign({}, ...resourceDefinitions.map(collectionPaths)),
      [`/${customers.collection}/{id}/${orders.collection}`]: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'listCustomerOrders',
          tags: ['orders'],
          parameters: pageParameters,
          responses: {
            200: { description: "A page of the customer's orders", ...json(ref('OrderPage')) },
            ...errorAnswers([400, 401, 404]),
          },
        },
        post: {
          operationId: 'createCustomerOrder',
          tags: ['orders'],
          requestBody: { required: true, ...json(ref('CustomerOrder'), { total: 42.5, status: 'pending' }) },
          responses: {
            201: { description: 'The order created', ...json(ref('Order')) },
            ...errorAnswers([400, 401, 404]),
          },
        },
      },
      '/webhooks': {
        get: {
          operationId: 'listWebhooks',
          tags: ['webhooks'],
          parameters: pageParameters,
          responses: { 200: { description: 'A page of subscriptions' }, ...errorAnswers([401]) },
        },
        post: {
          operationId: 'createWebhook',
          tags: ['webhooks'],
          requestBody: {
            required: true,
            ...json(ref('Subscription'), { url: 'https://example.com/hooks', secret: 'a-long-random-secret' }),
          },
          responses: {
            201: { description: 'The subscription', ...json(ref('Subscription')) },
            ...errorAnswers([400, 401]),
          },
          callbacks: { recordEvent: { '{$request.body#/url}': delivery } },
        },
      },
      '/webhook-receiver': {
        post: {
          operationId: 'receiveEvent',
          tags: ['webhook receiver'],
          description: 'Takes signed event deliveries; the signature over the raw body is the credential.',
          security: [],
          parameters: [
            {
              name: 'X-Signature',
              in: 'header',
              required: true,
              description: 'sha256=<HMAC-SHA256 of the raw body with the shared secret, hex>',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, ...json(ref('Event')) },
          responses: { 200: { description: 'Received (a duplicate too)' }, ...errorAnswers([400, 401, 413]) },
        },
      },
      '/webhook-receiver/events/{eventId}': {
        get: {
          operationId: 'readReceivedEvent',
          tags: ['webhook receiver'],
          parameters: [{ name: 'eventId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: {
              description: 'How often the receiver processed the event',
              ...json({
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  receivedCount: { type: 'integer' },
                  processedCount: { type: 'integer' },
                },
                required: ['processedCount'],
              }),
            },
            ...errorAnswers([401, 404]),
          },
        },
      },
      '/webhooks/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'readWebhook',
          tags: ['webhooks'],
          responses: {
            200: { description: 'The subscription', ...json(ref('Subscription')) },
            ...errorAnswers([401, 404]),
          },
        },
        delete: {
          operationId: 'deleteWebhook',
          tags: ['webhooks'],
          responses: { 204: { description: 'Removed' }, ...errorAnswers([401, 404]) },
        },
      },
    },
    webhooks: Object.fromEntries(
      resourceDefinitions.flatMap((r) =>
        ['created', 'updated', 'deleted'].map((change) => [`${r.singular}.${change}`, delivery]),
      ),
    ),
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
