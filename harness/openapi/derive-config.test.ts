import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { referenceOpenApiDocument } from '../../reference-server/openapi/openapi-document.js';
import { deriveConfig, type Derivation } from './derive-config.js';
import { loadOpenApi } from './load-openapi.js';

const documents = fileURLToPath(new URL('./test-support/documents/', import.meta.url));
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'apicert-derive-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function derivedFrom(path: string, options: { baseUrl?: string } = {}): Promise<Derivation> {
  const loaded = await loadOpenApi(path);
  return deriveConfig(loaded.model, { seed: 1, ...options });
}

/** The config validates as `apicert validate-config` would see it. */
async function expectValid(derivation: Derivation): Promise<void> {
  const file = join(directory, `config-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(derivation.config));
  await expect(loadConfig(file)).resolves.toBeDefined();
}

const pointers = (derivation: Derivation, kind: 'derived' | 'missing'): string[] =>
  derivation.lines.filter((line) => line.kind === kind).map((line) => line.pointer);

describe('deriveConfig', () => {
  it("reads the reference server's 3.1 document into the example config's collections, bounds and webhook roles", async () => {
    const file = join(directory, 'reference.json');
    await writeFile(file, JSON.stringify(referenceOpenApiDocument()));
    const derivation = await derivedFrom(file, { baseUrl: 'http://127.0.0.1:4010' });
    const config = derivation.config as {
      collections: {
        name: string;
        path: string;
        sample: object;
        replace?: object;
        patch?: object;
        related?: { name: string; path: string; memberPath?: string; createPath?: string }[];
      }[];
      pagination: object;
      webhooks: { sender: object; receiver: object };
    };
    expect(config.collections.map((c) => c.path)).toEqual(['/customers', '/orders', '/products']);
    expect(config.collections[0]!.related).toEqual([
      expect.objectContaining({ name: 'orders', path: '/customers/{id}/orders', memberPath: '/orders/{childId}' }),
    ]);
    expect(config.collections[0]!.sample).toEqual({
      name: 'Ada Lovelace {unique}',
      email: 'ada.{unique}@example.com',
      tier: 'pro',
    });
    // Changed within the schema: another enum value, not "pro changed".
    expect(config.collections[0]!.replace).toMatchObject({ tier: 'free' });
    expect(config.collections[1]!.sample).toMatchObject({ customerId: '{fixture:customers}' });
    expect(config.collections[1]!.patch).toEqual({ total: 43 });
    expect(config.pagination).toEqual({ defaultPageSize: 20, maxPageSize: 100 });
    expect(config.webhooks.sender).toMatchObject({
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}', secret: '{secret}' } },
      collection: 'customers',
      events: { create: 'customer.created' },
    });
    expect(config.webhooks.receiver).toEqual({
      url: '/webhook-receiver',
      observe: { urlTemplate: '/webhook-receiver/events/{eventId}', pointer: '/processedCount' },
    });
    expect(pointers(derivation, 'missing')).toEqual(['/webhooks/sender/senderTimeoutMs']);
    await expectValid(derivation);
  });

  it('reads a 3.0 YAML document split over two files: an API key header, page styles, ids named by the path, a child created through its own collection', async () => {
    const derivation = await derivedFrom(join(documents, 'shop-3.0.yaml'));
    const config = derivation.config as {
      target: { baseUrl: string; auth: object };
      collections: {
        name: string;
        idField?: string;
        sample: Record<string, unknown>;
        replace?: object;
        patch?: object;
        pagination?: object;
        related?: object[];
      }[];
      pagination: object;
    };
    expect(config.target.baseUrl).toBe('https://api.example.com');
    expect(config.target.auth).toEqual({ header: 'X-Api-Key', scheme: '', tokenEnv: 'APICERT_TOKEN' });
    const [stores, items] = config.collections;
    expect(stores).toMatchObject({ name: 'stores', idField: 'storeId', pagination: { styles: ['page'] } });
    // Generated from the schema: the readOnly id left out, the enum kept, a plain string made unique.
    expect(Object.keys(stores!.sample).sort()).toEqual(['kind', 'name']);
    expect(['retail', 'online']).toContain(stores!.sample['kind']);
    expect(stores!.related).toEqual([
      expect.objectContaining({
        name: 'items',
        path: '/v2/stores/{id}/items',
        createPath: '/v2/items',
        memberPath: '/v2/items/{childId}',
      }),
    ]);
    expect((stores!.related![0] as { sample: object }).sample).toMatchObject({ store_id: '{parentId}' });
    expect(items!.sample).toMatchObject({ store_id: '{fixture:stores}' });
    expect(items!.replace).toBeUndefined();
    expect(config.pagination).toEqual({ defaultPageSize: 10, maxPageSize: 50 });
    expect(pointers(derivation, 'missing')).toEqual(['/webhooks/sender', '/webhooks/receiver']);
    await expectValid(derivation);
  });

  it("reads a Swagger 2.0 document: host and basePath, basic auth, the body parameter's example, limit/offset and cursor styles", async () => {
    const derivation = await derivedFrom(join(documents, 'petstore-2.0.json'));
    const config = derivation.config as {
      target: { baseUrl: string; auth: object };
      collections: { name: string; sample: object; pagination?: object }[];
      pagination: object;
    };
    expect(config.target).toEqual({
      baseUrl: 'https://pets.example.com/api',
      auth: { header: 'Authorization', scheme: 'Basic', tokenEnv: 'APICERT_TOKEN' },
    });
    expect(config.collections).toEqual([
      expect.objectContaining({
        name: 'pets',
        path: '/pets',
        sample: { name: 'Rex {unique}', species: 'dog' },
        pagination: { styles: ['offset', 'cursor'] },
      }),
    ]);
    expect(config.pagination).toEqual({ defaultPageSize: 25, maxPageSize: 200 });
    expect(derivation.lines.find((line) => line.pointer === '/target/auth')?.text).toMatch(/base64 of user:password/);
    await expectValid(derivation);
  });

  it("says an API takes no credential when the document's security is empty or absent with no scheme declared, and asks when a scheme is declared but applied nowhere", async () => {
    const document = (security: unknown[] | undefined, schemes?: object) => ({
      openapi: '3.1.0',
      info: { title: 'open', version: '1' },
      ...(security === undefined ? {} : { security }),
      ...(schemes === undefined ? {} : { components: { securitySchemes: schemes } }),
      paths: { '/notes': { get: { responses: { 200: { description: 'ok' } } } } },
    });
    const derive = async (name: string, content: object): Promise<Derivation> => {
      await writeFile(join(directory, name), JSON.stringify(content));
      return derivedFrom(join(directory, name), { baseUrl: 'http://127.0.0.1:1' });
    };
    const authOf = (derivation: Derivation) => (derivation.config as { target: { auth: object } }).target.auth;
    expect(authOf(await derive('open.json', document([])))).toEqual({ none: true });
    // petstore-expanded's case: no security anywhere, so the first run must not stop for a token.
    const silent = await derive('silent.json', document(undefined));
    expect(authOf(silent)).toEqual({ none: true });
    expect(silent.lines.find((line) => line.pointer === '/target/auth/none')).toMatchObject({
      kind: 'derived',
      text: expect.stringMatching(/^true: the document states no security requirement and declares no security scheme/),
    });
    const declared = await derive(
      'declared.json',
      document(undefined, { key: { type: 'apiKey', in: 'header', name: 'X-Key' } }),
    );
    expect(authOf(declared)).toEqual({ header: 'X-Key', scheme: '', tokenEnv: 'APICERT_TOKEN' });
    expect(declared.lines.find((line) => line.pointer === '/target/auth')).toMatchObject({
      kind: 'missing',
      text: expect.stringMatching(
        /declares security scheme "key" but no security requirement applies it: apicert sends X-Key/,
      ),
    });
  });

  it('puts a relative server path under a bare --base-url, and fills server variables with their defaults', async () => {
    const document = (servers: unknown[]) => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      servers,
      paths: { '/notes': { get: { responses: { 200: { description: 'ok' } } } } },
    });
    const relative = join(directory, 'relative.json');
    await writeFile(relative, JSON.stringify(document([{ url: '/api/v1' }])));
    expect(
      ((await derivedFrom(relative, { baseUrl: 'http://127.0.0.1:8080' })).config as { target: { baseUrl: string } })
        .target.baseUrl,
    ).toBe('http://127.0.0.1:8080/api/v1');
    const variables = join(directory, 'variables.json');
    await writeFile(
      variables,
      JSON.stringify(
        document([{ url: 'https://{region}.api.example.com/v2', variables: { region: { default: 'eu' } } }]),
      ),
    );
    expect(((await derivedFrom(variables)).config as { target: { baseUrl: string } }).target.baseUrl).toBe(
      'https://eu.api.example.com/v2',
    );
  });

  it('names collections that share a last segment apart, so the config validates', async () => {
    const ok = { 200: { description: 'ok' } };
    const body = { content: { 'application/json': { schema: { type: 'object' }, example: { name: 'a' } } } };
    const member = {
      get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok },
    };
    const versions = join(directory, 'versions.json');
    await writeFile(
      versions,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        servers: [{ url: 'http://127.0.0.1:1' }],
        paths: {
          '/v1/users': { get: { responses: ok }, post: { requestBody: body, responses: ok } },
          '/v1/users/{id}': member,
          '/v2/users': { get: { responses: ok }, post: { requestBody: body, responses: ok } },
          '/v2/users/{id}': member,
        },
      }),
    );
    const derivation = await derivedFrom(versions);
    expect((derivation.config as { collections: { name: string }[] }).collections.map((c) => c.name)).toEqual([
      'users',
      'v2-users',
    ]);
    await expectValid(derivation);
  });

  it("refers a numeric foreign key to the other collection's record too", async () => {
    const ok = { 200: { description: 'ok' } };
    const member = {
      get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: ok },
    };
    const bodyOf = (example: object) => ({ content: { 'application/json': { schema: { type: 'object' }, example } } });
    const numeric = join(directory, 'numeric.json');
    await writeFile(
      numeric,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        servers: [{ url: 'http://127.0.0.1:1' }],
        paths: {
          '/users': { get: { responses: ok }, post: { requestBody: bodyOf({ name: 'Ada' }), responses: ok } },
          '/users/{id}': member,
          '/posts': {
            get: { responses: ok },
            post: { requestBody: bodyOf({ userId: 7, title: 'Hello' }), responses: ok },
          },
          '/posts/{id}': member,
        },
      }),
    );
    const config = (await derivedFrom(numeric)).config as { collections: { name: string; sample: object }[] };
    expect(config.collections.find((c) => c.name === 'posts')?.sample).toEqual({
      userId: '{fixture:users}',
      title: 'Hello',
    });
  });

  it('generates the same bodies for the same seed, and says where each came from', async () => {
    const first = await derivedFrom(join(documents, 'shop-3.0.yaml'));
    const second = await derivedFrom(join(documents, 'shop-3.0.yaml'));
    expect(second.config).toEqual(first.config);
    expect(first.lines.find((line) => line.pointer === '/collections/0/sample')?.text).toMatch(
      /^generated from the schema \(seed 1\) at \/paths\/~1v2~1stores\/post\/requestBody/,
    );
  });
});
