// Records the reference server holds before the run, as a staging or preview database already holds
// seed data, other suites' fixtures or a copy of production. They are made the same way every time
// (ids, fields and timestamps from their index), dated long before any record the server creates, so
// a list's new records sort after all of them, three to a millisecond so the id tie-breaker decides
// (convention 4.2 rule 3). They go straight into the store: no webhook event is sent for them.
import type { ResourceDefinition } from './resources/resource-definitions.js';
import { customers, orders, products } from './resources/resource-definitions.js';
import type { RecordCollection, Store, StoredRecord } from './store.js';

/** How many records each collection starts with. */
export type SeedCounts = Readonly<Partial<Record<ResourceDefinition['collection'], number>>>;

/** The most records a collection may be seeded with: about 300 MB of memory at this size. */
export const maxSeedRecords = 1_000_000;

// 2020-01-01T00:00:00Z: before any record a running server creates.
const seedEpochMs = Date.UTC(2020, 0, 1);
const recordsPerMillisecond = 3;

/** The id of the index-th seeded record of a collection: its prefix, "seed" and the index in hex. */
export function seededId(definition: ResourceDefinition, index: number): string {
  return `${definition.idPrefix}seed${index.toString(16).padStart(8, '0')}`;
}

/** Fills the store's collections with `counts` records each; customers first, which orders point to. */
export function seedStore(store: Store, counts: SeedCounts): void {
  const customerCount = counts.customers ?? 0;
  fill(store.customers, customers, customerCount, (index) => ({
    name: `Staging customer ${index}`,
    email: `customer${index}@staging.example`,
    tier: ['free', 'pro', 'enterprise'][index % 3],
  }));
  fill(store.orders, orders, counts.orders ?? 0, (index) => ({
    // Spread over the seeded customers, so their nested lists hold records too; a customer nobody
    // seeded otherwise, as an order of a deleted customer would.
    customerId: customerCount > 0 ? seededId(customers, index % customerCount) : `${customers.idPrefix}staging`,
    total: (index % 5000) / 10,
    status: ['pending', 'paid', 'shipped'][index % 3],
  }));
  fill(store.products, products, counts.products ?? 0, (index) => ({
    sku: `SKU-${index}`,
    title: `Staging product ${index}`,
    priceCents: (index * 37) % 100_000,
  }));
}

function fill(
  collection: RecordCollection,
  definition: ResourceDefinition,
  count: number,
  fieldsOf: (index: number) => Readonly<Record<string, unknown>>,
): void {
  for (let index = 0; index < count; index += 1) {
    const at = new Date(seedEpochMs + Math.floor(index / recordsPerMillisecond)).toISOString();
    const record: StoredRecord = { id: seededId(definition, index), ...fieldsOf(index), createdAt: at, updatedAt: at };
    collection.insert(record);
  }
}
