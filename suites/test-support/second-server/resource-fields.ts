// Which fields each collection requires and of what type: the validation behind 422 answers.
// Server-owned fields (id, createdAt, updatedAt) in a body are ignored, never stored.
import type { CollectionName, Fields } from './record-store.js';
import { Problem } from './http-exchange.js';

type FieldType = 'string' | 'number' | 'integer' | 'id';

const requiredFields: Readonly<Record<CollectionName, Readonly<Record<string, FieldType>>>> = {
  customers: { name: 'string', email: 'string' },
  orders: { customerId: 'id', total: 'number', status: 'string' },
  products: { sku: 'string', title: 'string', priceCents: 'integer' },
};

const serverOwned = new Set(['id', 'createdAt', 'updatedAt']);

/** The fields of a full record (POST, PUT): every required field present and well typed. */
export function validateFullRecord(collection: CollectionName, body: Readonly<Record<string, unknown>>): Fields {
  const fields = withoutServerOwned(body);
  for (const name of Object.keys(requiredFields[collection])) {
    if (!(name in fields)) throw new Problem(422, 'Unprocessable Content', `${name} is required`);
  }
  assertTypes(collection, fields);
  return fields;
}

/** The changed fields of a PATCH: only given fields, each well typed. */
export function validatePatch(collection: CollectionName, body: Readonly<Record<string, unknown>>): Fields {
  const fields = withoutServerOwned(body);
  assertTypes(collection, fields);
  return fields;
}

function assertTypes(collection: CollectionName, fields: Fields): void {
  for (const [name, type] of Object.entries(requiredFields[collection])) {
    if (name in fields && !hasType(fields[name], type))
      throw new Problem(422, 'Unprocessable Content', `${name} must be ${describeType(type)}`);
  }
}

function hasType(value: unknown, type: FieldType): boolean {
  if (type === 'string') return typeof value === 'string' && value.length > 0;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'integer') return typeof value === 'number' && Number.isSafeInteger(value);
  return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value.length > 0);
}

function describeType(type: FieldType): string {
  return type === 'id'
    ? 'a record id'
    : type === 'integer'
      ? 'a whole number'
      : `a ${type === 'string' ? 'non-empty string' : 'number'}`;
}

function withoutServerOwned(body: Readonly<Record<string, unknown>>): Fields {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !serverOwned.has(name)));
}
