// The second server's own API description, served at /v3/api-docs (where Spring publishes one), and
// written unlike the reference server's: OpenAPI 3.0 (nullable, not type lists), errors as RFC 9457
// problem details under a "4XX" range rather than one entry per code, records open to
// extra fields, ids typed by the id mode, and a next_cursor typed by the last-page mode. The
// openapi-contract checks must pass on it as on the reference server's.
import type { SecondServerModes } from './second-server-options.js';
import { defaultPageSize, maxPageSize } from './second-server-options.js';

type Json = Readonly<Record<string, unknown>>;

export const secondServerDocumentPath = '/v3/api-docs';

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });
const problems: Json = { description: 'Refused', content: { 'application/problem+json': { schema: ref('Problem') } } };
// Every API path sits behind the gateway and the token check: 4XX covers 401, 404, 422 and 429. No
// "default": a 5xx would be an answer the document does not describe.
const errors: Json = { '4XX': problems };

export function secondServerDocument(modes: SecondServerModes): Json {
  const id: Json = modes.idStyle === 'numeric' ? { type: 'integer', minimum: 1 } : { type: 'string', format: 'uuid' };
  const cursor: Json = modes.lastPageCursor === 'null' ? { type: 'string', nullable: true } : { type: 'string' };
  const record = (fields: Json, required: readonly string[]): Json => ({
    type: 'object',
    properties: {
      id: { ...id, readOnly: true },
      ...fields,
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
      updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    },
    required: ['id', ...required, 'createdAt', 'updatedAt'],
  });
  const page = (item: string): Json => ({
    type: 'object',
    properties: { items: { type: 'array', items: ref(item) }, has_more: { type: 'boolean' }, next_cursor: cursor },
    required: modes.lastPageCursor === 'absent' ? ['items', 'has_more'] : ['items', 'has_more', 'next_cursor'],
  });
  const pageParameters: readonly Json[] = [
    {
      name: 'limit',
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: maxPageSize, default: defaultPageSize },
    },
    { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    {
      name: 'per_page',
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: maxPageSize, default: defaultPageSize },
    },
    { name: 'after', in: 'query', schema: { type: 'string' } },
  ];
  const body = (schema: string): Json => ({ required: true, content: { 'application/json': { schema: ref(schema) } } });
  const collection = (schema: string): Json => ({
    get: {
      parameters: pageParameters,
      responses: { '200': { description: 'A page', ...json(page(schema)) }, ...errors },
    },
    post: {
      requestBody: body(schema),
      responses: { '200': { description: 'Created', ...json(ref(schema)) }, ...errors },
    },
  });
  const member = (schema: string): Json => ({
    parameters: [{ name: 'id', in: 'path', required: true, schema: id }],
    get: { responses: { '200': { description: 'The record', ...json(ref(schema)) }, ...errors } },
    put: {
      requestBody: body(schema),
      responses: { '200': { description: 'Replaced', ...json(ref(schema)) }, ...errors },
    },
    patch: {
      requestBody: body(schema),
      responses: { '200': { description: 'Changed', ...json(ref(schema)) }, ...errors },
    },
    delete: {
      responses: {
        '200': {
          description: 'Removed',
          ...json({
            type: 'object',
            properties: { deleted: { type: 'boolean' }, record: ref(schema) },
            required: ['deleted', 'record'],
          }),
        },
        ...errors,
      },
    },
  });
  return {
    openapi: '3.0.3',
    info: { title: 'Second implementation', version: '2' },
    components: {
      securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Customer: record({ name: { type: 'string', minLength: 1 }, email: { type: 'string' } }, ['name', 'email']),
        Order: record({ customerId: id, total: { type: 'number' }, status: { type: 'string', minLength: 1 } }, [
          'customerId',
          'total',
          'status',
        ]),
        Product: record(
          {
            sku: { type: 'string', minLength: 1 },
            title: { type: 'string', minLength: 1 },
            priceCents: { type: 'integer' },
          },
          ['sku', 'title', 'priceCents'],
        ),
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
          },
          required: ['title', 'status'],
        },
      },
    },
    security: [{ token: [] }],
    paths: {
      '/customers': collection('Customer'),
      '/customers/{id}': member('Customer'),
      '/customers/{id}/orders': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: id }],
        ...collection('Order'),
      },
      '/orders': collection('Order'),
      '/orders/{id}': member('Order'),
      '/products': collection('Product'),
      '/products/{id}': member('Product'),
      '/webhooks': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { url: { type: 'string' }, secret: { type: 'string' } },
                  required: ['url', 'secret'],
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Subscribed',
              ...json({
                type: 'object',
                properties: { id: { type: 'integer' }, url: { type: 'string' } },
                required: ['id', 'url'],
              }),
            },
            ...errors,
          },
        },
      },
      '/webhooks/{id}': {
        delete: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: 'Unsubscribed', ...json({ type: 'object' }) }, ...errors },
        },
      },
    },
  };
}
