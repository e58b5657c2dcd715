// Records the second server holds from the start, as a staging database would: its own mix, unlike
// the reference server's (fifty to a second, dated 2021, ids from its own counter or random UUIDs),
// so where the kit's records fall among them depends on the list's order (ListOrder).
import type { CollectionName, RecordStore } from './record-store.js';

/** Records per collection; orders all belong to the first seeded customer, so they need one. */
export type SecondServerSeed = Readonly<Partial<Record<CollectionName, number>>>;

const seedEpochMs = Date.UTC(2021, 5, 1);
const recordsPerSecond = 50;

export function seedSecondServer(store: RecordStore, seed: SecondServerSeed): void {
  const customers = Array.from({ length: seed.customers ?? 0 }, (_, index) =>
    store.insertAt('customers', createdAt(index), { name: `Seeded ${index}`, email: `seeded${index}@second.example` }),
  );
  for (let index = 0; index < (seed.products ?? 0); index += 1) {
    store.insertAt('products', createdAt(index), { sku: `S-${index}`, title: `Seeded ${index}`, priceCents: index });
  }
  const [owner] = customers;
  const orderCount = seed.orders ?? 0;
  if (orderCount === 0) return;
  if (owner === undefined) throw new Error('seeded orders need a seeded customer');
  for (let index = 0; index < orderCount; index += 1) {
    store.insertAt('orders', createdAt(index), { customerId: owner.id, total: index + 0.5, status: 'seeded' });
  }
}

function createdAt(index: number): string {
  return new Date(seedEpochMs + Math.floor(index / recordsPerSecond) * 1000).toISOString();
}
