// In-memory collections, each kept sorted in list order so a keyset page is a binary search and a
// slice: the same cost on deep pages as on the first (convention 4.2 rule 2).
import { randomBytes } from 'node:crypto';
import { compareSortKeys, indexAfterKey, type SortKey } from './pagination/sort-key.js';
import { customers, orders, products } from './resources/resource-definitions.js';

/** A stored record: the sort key, updatedAt and the resource's own fields. */
export interface StoredRecord extends SortKey {
  readonly updatedAt: string;
  readonly [field: string]: unknown;
}

/** One collection: lookup by id and the records in list order. */
export class RecordCollection<T extends StoredRecord = StoredRecord> {
  readonly idPrefix: string;
  private readonly byId = new Map<string, T>();
  private readonly ordered: T[] = [];

  constructor(idPrefix: string) {
    this.idPrefix = idPrefix;
  }

  /** A fresh id with this collection's prefix, unused here. */
  newId(): string {
    for (;;) {
      const id = `${this.idPrefix}${randomBytes(8).toString('hex')}`;
      if (!this.byId.has(id)) return id;
    }
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Adds a record; its id must be unused. */
  insert(record: T): void {
    if (this.byId.has(record.id)) throw new Error(`id ${record.id} is already stored`);
    this.byId.set(record.id, record);
    this.ordered.splice(indexAfterKey(this.ordered, record), 0, record);
  }

  /** Replaces the record stored under `previousId` (which may differ from record.id). */
  replace(previousId: string, record: T): void {
    this.remove(previousId);
    this.insert(record);
  }

  remove(id: string): T | undefined {
    const record = this.byId.get(id);
    if (record === undefined) return undefined;
    this.byId.delete(id);
    const index = indexAfterKey(this.ordered, record, true);
    if (index < this.ordered.length && compareSortKeys(this.ordered[index]!, record) === 0)
      this.ordered.splice(index, 1);
    return record;
  }

  /** Every record in list order (createdAt, then id). Callers must not keep it across awaits. */
  list(): readonly T[] {
    return this.ordered;
  }
}

/** A webhook subscription as stored; the secret never leaves the server (see toSubscriptionView). */
export interface StoredSubscription extends StoredRecord {
  readonly url: string;
  readonly secret: string;
}

/** Every collection of one server instance. */
export interface Store {
  readonly customers: RecordCollection;
  readonly orders: RecordCollection;
  readonly products: RecordCollection;
  readonly webhooks: RecordCollection<StoredSubscription>;
}

export function createStore(): Store {
  return {
    customers: new RecordCollection(customers.idPrefix),
    orders: new RecordCollection(orders.idPrefix),
    products: new RecordCollection(products.idPrefix),
    webhooks: new RecordCollection<StoredSubscription>('whk_'),
  };
}
