// Records the second server holds from the start, as a staging database would: its own mix, unlike
// the reference server's (fifty to a second, dated 2021, ids from its own counter or random UUIDs),
// so where the kit's records fall among them depends on the list's order (ListOrder).
import type { CollectionName, RecordStore } from './record-store.js';

export type SecondServerSeed = Readonly<Partial<Record<Exclude<CollectionName, 'orders'>, number>>>;

const seedEpochMs = Date.UTC(2021, 5, 1);
const recordsPerSecond = 50;

export function seedSecondServer(store: RecordStore, seed: SecondServerSeed): void {
  for (let index = 0; index < (seed.customers ?? 0); index += 1) {
    store.insertAt('customers', createdAt(index), { name: `Seeded ${index}`, email: `seeded${index}@second.example` });
  }
  for (let index = 0; index < (seed.products ?? 0); index += 1) {
    store.insertAt('products', createdAt(index), { sku: `S-${index}`, title: `Seeded ${index}`, priceCents: index });
  }
}

function createdAt(index: number): string {
  return new Date(seedEpochMs + Math.floor(index / recordsPerSecond) * 1000).toISOString();
}
