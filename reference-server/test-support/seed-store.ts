// Fills a collection straight in the store: hundreds of records without hundreds of requests.
import type { RecordCollection, StoredRecord } from '../store.js';

/**
 * Inserts `count` records made by `fields(index)`; `perMillisecond` records share each createdAt,
 * starting at 2024-01-01, so ties are common. Returns the ids in creation order.
 */
export function seedStore<T extends StoredRecord>(
  collection: RecordCollection<T>,
  count: number,
  fields: (index: number) => Record<string, unknown>,
  perMillisecond = 5,
): string[] {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = new Date(Date.UTC(2024, 0, 1) + Math.floor(index / perMillisecond)).toISOString();
    const record = { id: collection.newId(), ...fields(index), createdAt: at, updatedAt: at } as T;
    collection.insert(record);
    ids.push(record.id);
  }
  return ids;
}
