import { describe, expect, it } from 'vitest';
import { propertiesOf } from './schema-properties.js';

describe('propertiesOf', () => {
  it("finds a record's id through allOf, as petstore-expanded composes Pet", () => {
    const newPet = { type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } };
    const pet = { allOf: [newPet, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] };
    expect([...propertiesOf(pet).always].sort()).toEqual(['id', 'name', 'tag']);
  });

  it('counts a oneOf or anyOf field as always there only when every branch has it', () => {
    const { always, sometimes } = propertiesOf({
      oneOf: [
        { properties: { id: {}, cat: {} } },
        { allOf: [{ properties: { id: {} } }, { properties: { dog: {} } }] },
      ],
      anyOf: [{ properties: { uuid: {} } }, { properties: { name: {} } }],
    });
    expect([...always]).toEqual(['id']);
    expect([...sometimes].sort()).toEqual(['cat', 'dog', 'name', 'uuid']);
  });

  it('ends on a circular schema, as a dereferenced document may hold', () => {
    const node: Record<string, unknown> = { properties: { id: {} } };
    node['allOf'] = [node];
    expect([...propertiesOf(node).always]).toEqual(['id']);
  });
});
