import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from './schema.js';
import { configSchema } from './schema.js';

const exampleConfig: unknown = JSON.parse(
  readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8'),
);

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

describe('configSchema', () => {
  it('compiles under ajv strict mode', () => {
    expect(() => new Ajv({ strict: true, allErrors: true }).compile(configSchema)).not.toThrow();
  });

  it('accepts the shipped example config', () => {
    const validate = new Ajv({ strict: true, allErrors: true }).compile(configSchema);
    expect(validate(exampleConfig) ? [] : validate.errors).toEqual([]);
  });

  it('describes every key in one line, for docs and editors', () => {
    const undescribed = listNodes(configSchema).filter(({ node }) => !/^[^\n\r]{10,}\.$/.test(node.description ?? ''));
    expect(undescribed.map(({ path }) => path)).toEqual([]);
  });

  it('gives every default a value its own key accepts', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    const rejected = listNodes(configSchema)
      .filter(({ node }) => node.default !== undefined && !ajv.validate(node, node.default))
      .map(({ path }) => path);
    expect(rejected).toEqual([]);
  });

  it('forbids unknown keys in every section, but not inside request bodies and a custom profile’s fixed headers', () => {
    const objects = listNodes(configSchema).filter(({ node }) => node.type === 'object');
    const open = objects.filter(({ node }) => node.additionalProperties !== false).map(({ path }) => path);
    expect(open.sort()).toEqual([
      'collections[].patch',
      'collections[].related[].sample',
      'collections[].replace',
      'collections[].sample',
      'webhooks.receiver.customProfile.headers',
      'webhooks.receiver.events.create',
      'webhooks.receiver.events.update',
      'webhooks.sender.customProfile.headers',
      'webhooks.sender.register.body',
    ]);
    expect(configSchema.additionalProperties).toBe(false);
  });
});
