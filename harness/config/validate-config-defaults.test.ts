// The defaults a loaded config gets: the schema's, filled in by ajv, and the computed ones.
import { describe, expect, it } from 'vitest';
import type { ApicertConfig, ConfigFile } from './config-types.js';
import type { SchemaNode } from './schema.js';
import { configSchema } from './schema.js';
import { validateConfig } from './validate-config.js';

function loadWithDefaults(file: ConfigFile): ApicertConfig {
  const result = validateConfig(structuredClone(file));
  if (!result.ok) throw new Error(`expected a valid config: ${result.problems.join('; ')}`);
  return result.config;
}

/** Every property node of the schema with its dotted path ("collections[].name"). */
function listNodes(node: SchemaNode, prefix = ''): { path: string; node: SchemaNode }[] {
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    return [
      { path, node: child },
      ...listNodes(child, path),
      ...(child.items ? listNodes(child.items, `${path}[]`) : []),
    ];
  });
}

// `{}` on a section and `[]` on a list: ajv creates the container, then fills what is inside.
function isEmptyContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function readResolved(root: unknown, dottedPath: string): unknown {
  return dottedPath
    .replaceAll('[]', '.0')
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], root);
}

function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}

const sender = { register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } } };

describe('the defaults of a loaded config', () => {
  // toMatchObject: these values are pinned, and a key added to the schema needs no edit here.
  it('fills every documented default into an empty file', () => {
    const config = loadWithDefaults({});
    expect(Object.keys(config.webhooks)).toEqual([]);
    expect(config).toMatchObject({
      target: {
        auth: { header: 'Authorization', scheme: 'Bearer', tokenEnv: 'APICERT_TOKEN' },
        followRedirects: false,
      },
      collections: [],
      resources: {
        createStatus: '2xx',
        deleteStatus: '2xx',
        refusedStatus: 'either',
        putOmittedField: 'either',
        idChange: 'either',
      },
      pagination: {
        overMaxPolicy: 'either',
        lastPageCursor: 'any',
        invalidParams: 'either',
        fixtureCap: 250,
        walkPageSize: 5,
        propertyRuns: 10,
        deepPageRatioWarn: 3,
      },
      webhooks: {},
      budgets: {
        requestTimeoutMs: 10_000,
        maxResponseBytes: 4 * 1024 * 1024,
        evidenceBodyBytes: 4096,
        maxPagesPerWalk: 200,
        requestsPerList: 2000,
        checkTimeoutMs: 60_000,
        totalRunMs: 600_000,
      },
    });
  });

  it('fills collection and related defaults, keeping what the file says', () => {
    const file: ConfigFile = {
      collections: [
        {
          name: 'customers',
          path: '/customers',
          sample: { name: 'Ada' },
          pagination: { styles: ['cursor'] },
          related: [{ name: 'orders', path: '/customers/{id}/orders', sample: { total: 1 } }],
        },
      ],
    };
    const [customers] = loadWithDefaults(file).collections;
    expect(customers).toMatchObject({
      name: 'customers',
      path: '/customers',
      idField: 'id',
      sample: { name: 'Ada' },
      related: [
        {
          name: 'orders',
          path: '/customers/{id}/orders',
          sample: { total: 1 },
          createPath: 'nested',
          idField: 'id',
          memberPath: '/customers/{id}/orders/{childId}',
          // Unpinned: the pagination suite finds the styles.
          pagination: {},
        },
      ],
      pagination: { styles: ['cursor'] },
    });
    expect(customers?.sample).toEqual({ name: 'Ada' });
    expect(customers && 'replace' in customers).toBe(false);
  });

  it('fills the webhook defaults of both roles', () => {
    const config = loadWithDefaults({ webhooks: { sender, receiver: { url: '/in' } } });
    expect(config.webhooks.sender).toMatchObject({
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' }, idField: 'id' },
      events: {},
      digestEncoding: 'either',
      senderTimeoutMs: 5000,
      retryWindowMs: 30_000,
      sink: {
        host: '127.0.0.1',
        port: 0,
        maxBodyBytes: 1024 * 1024,
        maxConnections: 32,
        maxBytesKeptPerChannel: 16 * 1024 * 1024,
        maxBytesKept: 64 * 1024 * 1024,
      },
    });
    expect(config.webhooks.sender && 'collection' in config.webhooks.sender).toBe(false);
    expect(config.webhooks.receiver).toMatchObject({
      url: '/in',
      secretEnv: 'APICERT_WEBHOOK_SECRET',
      profile: 'convention',
      digestEncoding: 'hex',
      ackBudgetMs: 10_000,
      events: {
        create: { event: 'customer.created', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
        update: { event: 'customer.updated', id: '{eventId}', data: { id: '{recordId}', name: 'Ada' } },
      },
    });
  });

  it('keeps a receiver event the file gives and defaults the other', () => {
    const create = { kind: 'made', id: '{eventId}' };
    const events = loadWithDefaults({ webhooks: { receiver: { url: '/in', events: { create } } } }).webhooks.receiver
      ?.events;
    expect(events?.create).toEqual(create);
    expect(events?.update).toMatchObject({ event: 'customer.updated' });
  });

  it('takes every default from the schema: each `default` there is in a loaded minimal config', () => {
    const resolved = loadWithDefaults({
      collections: [{ name: 'c', path: '/c', sample: {}, related: [{ name: 'r', path: '/c/{id}/r', sample: {} }] }],
      // A custom profile, so its section's defaults are filled too.
      webhooks: {
        sender: {
          register: { method: 'POST', path: '/w', body: { url: '{sinkUrl}' } },
          profile: 'custom',
          customProfile: { signatureHeader: 'X-S' },
        },
        receiver: { url: '/in', profile: 'custom', customProfile: { signatureHeader: 'X-S' } },
      },
    });
    const withDefaults = listNodes(configSchema).filter(({ node }) => node.default !== undefined);
    expect(withDefaults.length).toBeGreaterThan(30);
    for (const { path, node } of withDefaults) {
      // Sections and lists are filled or given above; that they are created is proven below.
      if (isEmptyContainer(node.default)) continue;
      // Given as "custom" above, so that customProfile's defaults show; its own default is proven above.
      if (path === 'webhooks.receiver.profile' || path === 'webhooks.sender.profile') continue;
      expect({ path, value: readResolved(resolved, path) }).toEqual({ path, value: node.default });
    }
  });

  it("creates the sections and lists a file leaves out, as the schema's `default: {}` and `[]` say", () => {
    const resolved = loadWithDefaults({
      webhooks: {
        sender: { register: { method: 'POST', path: '/w', body: { url: '{sinkUrl}' } } },
        receiver: { url: '/in' },
      },
    });
    const containers = listNodes(configSchema).filter(
      ({ path, node }) => isEmptyContainer(node.default) && !path.startsWith('collections[]'),
    );
    expect(containers.length).toBeGreaterThan(5);
    for (const { path } of containers) {
      expect({ path, type: typeof readResolved(resolved, path) }).toEqual({ path, type: 'object' });
    }
  });

  it('returns a deeply frozen config whose defaults are its own, not shared with another load', () => {
    const file = {
      collections: [{ name: 'customers', path: '/customers', sample: { nested: { tags: ['a'] } } }],
      webhooks: { sender, receiver: { url: '/in' } },
    };
    const config = loadWithDefaults(file);
    const again = loadWithDefaults(file);
    expect(isDeeplyFrozen(config)).toBe(true);
    expect(again.webhooks.receiver?.events.create).not.toBe(config.webhooks.receiver?.events.create);
    expect(again.collections[0]?.related).not.toBe(config.collections[0]?.related);
    expect(() => {
      (config.collections[0]!.sample as Record<string, unknown>)['nested'] = 1;
    }).toThrow(TypeError);
  });
});
