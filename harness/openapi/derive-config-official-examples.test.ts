// deriveConfig on documents modelled on the OpenAPI Initiative's own examples (petstore-expanded,
// webhook-example, callback-example), which a user tries first.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { deriveConfig, type Derivation } from './derive-config.js';
import { loadOpenApi } from './load-openapi.js';

const documents = fileURLToPath(new URL('./test-support/documents/', import.meta.url));
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'apicert-official-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function derivedFrom(name: string): Promise<Derivation> {
  const loaded = await loadOpenApi(name.startsWith('/') ? name : `${documents}${name}`);
  return deriveConfig(loaded.model, { seed: 1, baseUrl: 'http://127.0.0.1:1' });
}

/** The config validates as `apicert validate-config` would see it. */
async function expectValid(derivation: Derivation): Promise<void> {
  const file = join(directory, `config-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(derivation.config));
  await expect(loadConfig(file)).resolves.toBeDefined();
}

const lineAt = (derivation: Derivation, pointer: string) => derivation.lines.find((line) => line.pointer === pointer);

describe('deriveConfig on the official examples', () => {
  it("petstore-expanded: finds Pet's id inside allOf, no guess", async () => {
    const derivation = await derivedFrom('petstore-expanded-3.0.yaml');
    const [pets] = (derivation.config as { collections: Record<string, unknown>[] }).collections;
    expect(pets).toMatchObject({ name: 'pets', path: '/pets', sample: { name: expect.any(String) } });
    expect(pets).not.toHaveProperty('idField');
    expect(lineAt(derivation, '/collections/0/idField')).toBeUndefined();
    expect(derivation.lines.map((line) => line.text).join('\n')).not.toMatch(/names no "id"/);
  });

  it('petstore-expanded: declares the operations the document gives, so PUT and PATCH are never sent', async () => {
    const derivation = await derivedFrom('petstore-expanded-3.0.yaml');
    const [pets] = (derivation.config as { collections: Record<string, unknown>[] }).collections;
    expect(pets?.['operations']).toEqual(['list', 'read', 'create', 'delete']);
    expect(lineAt(derivation, '/collections/0/operations')?.text).toMatch(/^list, read, create, delete: the methods/);
    await expectValid(derivation);
  });

  it('petstore-expanded: no security anywhere, so no credential is asked for', async () => {
    const derivation = await derivedFrom('petstore-expanded-3.0.yaml');
    expect((derivation.config as { target: { auth: object } }).target.auth).toEqual({ none: true });
    expect(lineAt(derivation, '/target/auth/none')?.kind).toBe('derived');
  });

  it('webhook-example: names the 3.1 webhooks, how they map to the sender events, and that a registration is needed', async () => {
    const derivation = await derivedFrom('webhook-example-3.1.yaml');
    expect(lineAt(derivation, '/webhooks/sender')).toMatchObject({
      kind: 'missing',
      text: expect.stringMatching(
        /^the document's webhooks \(newPet\) are what the target sends, but no operation says how a URL subscribes/,
      ),
    });
    expect(lineAt(derivation, '/webhooks/sender/events')).toMatchObject({
      kind: 'missing',
      text: expect.stringMatching(
        /map to events\.create "newPet" of a "pets" collection \(not among the collections found: add it\)/,
      ),
    });
    expect(derivation.config).not.toHaveProperty('webhooks.sender');
    await expectValid(derivation);
  });

  it('callback-example: says the callback URL is the query parameter callbackUrl and what the target adds', async () => {
    const derivation = await derivedFrom('callback-example-3.0.yaml');
    expect(lineAt(derivation, '/webhooks/sender/register')).toMatchObject({
      kind: 'missing',
      text: expect.stringMatching(
        /^POST \/streams takes the callback URL in its query parameter "callbackUrl" \(the target adds "\/data" after it\) \(callback "\{\$request\.query\.callbackUrl\}\/data"/,
      ),
    });
    await expectValid(derivation);
  });

  it('puts {sinkUrl} in a nested body field and maps freely named webhooks to create and delete', async () => {
    const ok = { 200: { description: 'ok' } };
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    const pet = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
    const file = join(directory, 'subscriptions.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/pets': { get: { responses: ok }, post: { requestBody: json(pet), responses: ok } },
          '/pets/{petId}': {
            get: {
              parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
              responses: ok,
            },
          },
          '/subscriptions': {
            post: {
              requestBody: json({
                type: 'object',
                required: ['target', 'signingSecret'],
                properties: {
                  target: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
                  signingSecret: { type: 'string' },
                },
              }),
              responses: ok,
              callbacks: { event: { '{$request.body#/target/url}/hook': { post: { responses: ok } } } },
            },
          },
        },
        webhooks: { newPet: { post: { responses: ok } }, petRemoved: { post: { responses: ok } } },
      }),
    );
    const derivation = await derivedFrom(file);
    expect((derivation.config as { webhooks: { sender: object } }).webhooks.sender).toMatchObject({
      register: {
        method: 'POST',
        path: '/subscriptions',
        body: { target: { url: '{sinkUrl}' }, signingSecret: '{secret}' },
      },
      collection: 'pets',
      events: { create: 'newPet', delete: 'petRemoved' },
    });
    expect(lineAt(derivation, '/webhooks/sender/register')?.text).toMatch(
      /the body field "target\.url" \(the target adds "\/hook" after it\)/,
    );
    await expectValid(derivation);
  });

  it('reads a child’s parent field and a registration’s secret through allOf, as it reads the id', async () => {
    const ok = { 200: { description: 'ok' } };
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
    const base = { type: 'object', properties: { total: { type: 'number' } } };
    const order = {
      allOf: [base, { type: 'object', required: ['customerId'], properties: { customerId: { type: 'string' } } }],
    };
    const customer = { type: 'object', properties: { name: { type: 'string' } } };
    const file = join(directory, 'composed.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/customers': { get: { responses: ok }, post: { requestBody: json(customer), responses: ok } },
          '/customers/{customerId}': { get: { parameters: [param('customerId')], responses: ok } },
          '/customers/{customerId}/orders': { get: { parameters: [param('customerId')], responses: ok } },
          '/orders': { get: { responses: ok }, post: { requestBody: json(order), responses: ok } },
          '/orders/{orderId}': { get: { parameters: [param('orderId')], responses: ok } },
          '/hooks': {
            post: {
              requestBody: json({
                allOf: [
                  { type: 'object', properties: { url: { type: 'string' } } },
                  { type: 'object', properties: { secret: { type: 'string' } } },
                ],
              }),
              responses: ok,
              callbacks: { event: { '{$request.body#/url}': { post: { responses: ok } } } },
            },
          },
        },
      }),
    );
    const derivation = await derivedFrom(file);
    const config = derivation.config as {
      collections: { name: string; related?: { createPath?: string }[] }[];
      webhooks: { sender: { register: { body: object } } };
    };
    expect(config.collections.find((c) => c.name === 'customers')?.related?.[0]?.createPath).toBe('/orders');
    expect(config.webhooks.sender.register.body).toMatchObject({ url: '{sinkUrl}', secret: '{secret}' });
  });
});
