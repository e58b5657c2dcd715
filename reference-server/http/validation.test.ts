import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../start.js';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';

let server: RunningReferenceServer;
let api: ApiClient;
let customerId: string;

beforeAll(async () => {
  server = await startReferenceServer();
  api = createApiClient(server.url, server.token);
  customerId = (await api.call('POST', '/customers', { body: { name: 'Ada', email: 'ada@example.com' } })).json.id;
});

afterAll(async () => {
  await api.close();
  await server.close();
});

const json = { 'content-type': 'application/json' };

function expectJsonError(answer: { status: number; json: unknown }, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ error: { code, message: expect.any(String) } });
}

describe('request bodies', () => {
  it('answers malformed JSON with 400', async () => {
    for (const raw of ['{', '{"name":', 'nul', '{"a":1}}', "{'name':'x'}"]) {
      expectJsonError(await api.call('POST', '/customers', { rawBody: raw, headers: json }), 400, 'malformed_json');
    }
  });

  it('answers a body that is not an object with 400', async () => {
    for (const raw of ['[]', '[1,2]', '"text"', '42', 'null']) {
      const answer = await api.call('POST', '/customers', { rawBody: raw, headers: json });
      expect(answer.status, raw).toBe(400);
      expect(answer.json.error.code).toMatch(/^(malformed_json|validation_failed)$/);
    }
  });

  it('answers unknown fields with 400', async () => {
    expectJsonError(
      await api.call('POST', '/customers', { body: { name: 'A', email: 'a@b', vip: true } }),
      400,
      'unknown_field',
    );
    const polluting = '{"name":"A","email":"a@b","__proto__":{"tier":"pro"}}';
    expectJsonError(await api.call('POST', '/customers', { rawBody: polluting, headers: json }), 400, 'unknown_field');
  });

  it('answers server-managed fields on create with 400', async () => {
    expectJsonError(
      await api.call('POST', '/customers', { body: { id: 'cus_1', name: 'A', email: 'a@b' } }),
      400,
      'read_only_field',
    );
  });

  it('answers wrong types and out-of-range values with 400', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/customers', { name: 1, email: 'a@b' }],
      ['/customers', { name: 'x'.repeat(201), email: 'a@b' }],
      ['/customers', { name: 'A', email: 'no-at' }],
      ['/customers', { name: 'A', email: 'a@b', tier: 'gold' }],
      ['/customers', { name: 'A', email: 'a@b', tier: null }],
      ['/orders', { customerId: 'c', total: '12', status: 'paid' }],
      ['/orders', { customerId: 'c', total: -1, status: 'paid' }],
      ['/orders', { customerId: 'c', total: 1, status: 'lost' }],
      ['/orders', { customerId: 'c', total: 1, status: 'paid', note: 5 }],
      ['/products', { sku: 'S', title: 'T', priceCents: 1.5 }],
      ['/products', { sku: 'S', title: 'T', priceCents: -1 }],
      ['/products', { sku: 'S', title: 'T', priceCents: 1e300 }],
      ['/products', { sku: 5, title: 'T', priceCents: 1 }],
    ];
    for (const [path, body] of cases) {
      const answer = await api.call('POST', path, { body });
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it('answers a missing required field with 400 and an order for an unknown customer with 422', async () => {
    expectJsonError(
      await api.call('POST', '/orders', { body: { total: 1, status: 'paid' } }),
      400,
      'validation_failed',
    );
    expectJsonError(
      await api.call('POST', '/orders', { body: { customerId: 'cus_0000000000000000', total: 1, status: 'paid' } }),
      422,
      'unknown_customer',
    );
  });

  it('answers a body over 100 KiB with 413 and accepts one just under', async () => {
    const over = JSON.stringify({ name: 'A', email: 'a@b', pad: 'x'.repeat(100 * 1024) });
    expectJsonError(await api.call('POST', '/customers', { rawBody: over, headers: json }), 413, 'payload_too_large');
    const under = JSON.stringify({ customerId, total: 1, status: 'paid', note: 'n'.repeat(1000) });
    expect((await api.call('POST', '/orders', { rawBody: under, headers: json })).status).toBe(201);
  });

  it('answers another Content-Type on POST, PUT and PATCH with 415', async () => {
    const body = JSON.stringify({ name: 'A', email: 'a@b' });
    expectJsonError(
      await api.call('POST', '/customers', { rawBody: body, headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    expectJsonError(await api.call('POST', '/customers', { rawBody: body }), 415, 'unsupported_media_type');
    expectJsonError(
      await api.call('PUT', `/customers/${customerId}`, {
        rawBody: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    );
    expectJsonError(
      await api.call('PATCH', `/customers/${customerId}`, { rawBody: body, headers: { 'content-type': 'text/html' } }),
      415,
      'unsupported_media_type',
    );
    expect(
      (
        await api.call('POST', '/customers', {
          rawBody: body,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).status,
    ).toBe(201);
  });

  it('answers a POST without a body with 4xx', async () => {
    const answer = await api.call('POST', '/customers', { headers: json });
    expect(answer.status).toBe(400);
  });

  it('answers a malformed percent-escape in the path with 400 JSON', async () => {
    expectJsonError(await api.call('GET', '/customers/%E0%A4%A'), 400, 'bad_request');
  });
});

describe('never a 5xx on bad input', () => {
  it('answers arbitrary bodies to every write route with a 2xx or 4xx JSON answer', async () => {
    const routes: [string, string][] = [
      ['POST', '/customers'],
      ['POST', '/orders'],
      ['POST', '/products'],
      ['PUT', `/customers/${customerId}`],
      ['PATCH', `/customers/${customerId}`],
      ['POST', `/customers/${customerId}/orders`],
      ['POST', '/webhooks'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ name: v, email: v, total: v })),
        ),
        async ([method, path], raw) => {
          const answer = await api.call(method, path, { rawBody: raw, headers: json });
          expect(answer.status).toBeLessThan(500);
          expect(answer.json).toBeTypeOf('object');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers arbitrary query strings on a list with 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('limit', 'offset', 'page', 'per_page', 'after', 'x'),
          fc.oneof(fc.string(), fc.integer().map(String), fc.constant('1e3')),
        ),
        async (params) => {
          const answer = await api.call('GET', `/customers?${new URLSearchParams(params).toString()}`);
          expect([200, 400]).toContain(answer.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});
