import { describe, expect, it } from 'vitest';
import { applyComputedDefaults } from './computed-defaults.js';
import type { ConfigWithSchemaDefaults } from './config-types.js';
import { loadConfigValidator } from './config-validator.js';

const validate = loadConfigValidator();

function withSchemaDefaults(file: object): ConfigWithSchemaDefaults {
  const raw: unknown = structuredClone(file);
  if (!validate(raw)) throw new Error(`expected a valid file: ${JSON.stringify(validate.errors)}`);
  return raw;
}

const register = { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } };
const customers = { name: 'customers', path: '/customers', sample: {} };

describe('applyComputedDefaults', () => {
  it('puts a child under its nested path unless memberPath is given', () => {
    const config = applyComputedDefaults(
      withSchemaDefaults({
        collections: [
          {
            ...customers,
            related: [
              { name: 'orders', path: '/customers/{id}/orders', sample: {} },
              { name: 'notes', path: '/customers/{id}/notes', sample: {}, memberPath: '/notes/{childId}' },
            ],
          },
        ],
      }),
    );
    expect(config.collections[0]?.related.map((r) => r.memberPath)).toEqual([
      '/customers/{id}/orders/{childId}',
      '/notes/{childId}',
    ]);
  });

  it('defaults the sender collection to the first collection, and leaves it out when there is none', () => {
    const collections = [customers, { name: 'orders', path: '/orders', sample: {} }];
    expect(
      applyComputedDefaults(withSchemaDefaults({ collections, webhooks: { sender: { register } } })).webhooks.sender
        ?.collection,
    ).toBe('customers');
    const named = withSchemaDefaults({ collections, webhooks: { sender: { register, collection: 'orders' } } });
    expect(applyComputedDefaults(named).webhooks.sender?.collection).toBe('orders');
    expect(
      applyComputedDefaults(withSchemaDefaults({ webhooks: { sender: { register } } })).webhooks.sender,
    ).not.toHaveProperty('collection');
  });

  it('adds no sender or receiver the file leaves out, and leaves its input as it was', () => {
    const input = withSchemaDefaults({
      collections: [{ ...customers, related: [{ name: 'o', path: '/customers/{id}/o', sample: {} }] }],
    });
    const before = structuredClone(input);
    expect(applyComputedDefaults(input).webhooks).toEqual({});
    expect(input).toEqual(before);
  });
});
