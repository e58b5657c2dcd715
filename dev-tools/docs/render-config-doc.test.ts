import { describe, expect, it } from 'vitest';
import { renderConfigDoc } from './render-config-doc.js';

const schema = {
  type: 'object',
  properties: {
    target: {
      type: 'object',
      description: 'The API under test.',
      required: ['baseUrl'],
      properties: {
        baseUrl: { type: 'string', pattern: '^https?://' },
        retries: { type: 'integer', minimum: 0, maximum: 5, default: 2 },
      },
    },
    collections: {
      type: 'array',
      items: {
        type: 'object',
        properties: { styles: { type: 'array', items: { type: 'string', enum: ['offset', 'page'] } } },
      },
    },
    body: { type: 'object', description: 'Any JSON.' },
    ratio: { type: 'number', exclusiveMinimum: 1, default: 3, description: 'A | pipe' },
  },
} as const;

describe('renderConfigDoc', () => {
  const doc = renderConfigDoc(schema);

  it('lists nested keys and list items by dotted path', () => {
    expect(doc).toContain('| `target` | object |  |  |  | The API under test. |');
    expect(doc).toContain('| `collections[].styles` | list of string |  |  | `"offset"`, `"page"` |  |');
  });

  it('marks required keys, ranges and defaults, and tolerates a key without description or default', () => {
    expect(doc).toContain('| `target.baseUrl` | string | **required** |  |  |  |');
    expect(doc).toContain('| `target.retries` | integer 0–5 |  | `2` |  |  |');
  });

  it('describes a string pattern in words when it knows them', () => {
    const described = renderConfigDoc(schema, (pattern) => (pattern === '^https?://' ? 'an http(s) URL' : undefined));
    expect(described).toContain('| `target.baseUrl` | string | **required** |  | an http(s) URL |  |');
  });

  it('names free-form bodies and escapes pipes in a description', () => {
    expect(doc).toContain('| `body` | object (any JSON) |');
    expect(doc).toContain('| `ratio` | number > 1 |  | `3` |  | A \\| pipe |');
  });
});
