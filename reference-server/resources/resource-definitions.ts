// The three collections of the reference server and the fields of each record. Server-managed
// fields (id, createdAt, updatedAt) are not listed: no client may set them.

/** What one client-writable field accepts. A field with a `default` is optional. */
export type FieldSpec =
  | {
      readonly kind: 'string';
      readonly required: boolean;
      readonly minLength: number;
      readonly maxLength: number;
      readonly mustContain?: string;
    }
  | { readonly kind: 'number'; readonly required: boolean; readonly minimum: number; readonly isInteger: boolean }
  | {
      readonly kind: 'enum';
      readonly required: boolean;
      readonly values: readonly string[];
      readonly default?: string;
    };

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export interface ResourceDefinition {
  /** Plural path segment, e.g. "customers". */
  readonly collection: 'customers' | 'orders' | 'products';
  /** Singular noun: event names ("customer.created") and the singular-collection-name defect. */
  readonly singular: string;
  /** Prefix of every id, e.g. "cus_"; a cursor of another collection is refused by it. */
  readonly idPrefix: string;
  readonly fields: FieldSpecs;
}

export const customers: ResourceDefinition = {
  collection: 'customers',
  singular: 'customer',
  idPrefix: 'cus_',
  fields: {
    name: { kind: 'string', required: true, minLength: 1, maxLength: 200 },
    email: { kind: 'string', required: true, minLength: 3, maxLength: 320, mustContain: '@' },
    tier: { kind: 'enum', required: false, values: ['free', 'pro', 'enterprise'], default: 'free' },
  },
};

export const orders: ResourceDefinition = {
  collection: 'orders',
  singular: 'order',
  idPrefix: 'ord_',
  fields: {
    customerId: { kind: 'string', required: true, minLength: 1, maxLength: 100 },
    total: { kind: 'number', required: true, minimum: 0, isInteger: false },
    status: { kind: 'enum', required: true, values: ['pending', 'paid', 'shipped'] },
    note: { kind: 'string', required: false, minLength: 0, maxLength: 2000 },
  },
};

export const products: ResourceDefinition = {
  collection: 'products',
  singular: 'product',
  idPrefix: 'prd_',
  fields: {
    sku: { kind: 'string', required: true, minLength: 1, maxLength: 100 },
    title: { kind: 'string', required: true, minLength: 1, maxLength: 200 },
    priceCents: { kind: 'number', required: true, minimum: 0, isInteger: true },
  },
};

export const resourceDefinitions: readonly ResourceDefinition[] = [customers, orders, products];
