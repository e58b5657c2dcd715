// The second server's in-memory data: numeric ids (JSON numbers, one counter for every
// collection) where the reference uses prefixed strings, and createdAt at whole seconds, so many
// records share a timestamp and the id tie-breaker (convention 4.2 rule 3) really decides order.

export type Fields = Readonly<Record<string, unknown>>;

export interface StoredRecord {
  readonly id: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly fields: Fields;
}

export type CollectionName = 'customers' | 'orders' | 'products';

export class RecordStore {
  private nextId = 1000;
  private readonly collections = new Map<CollectionName, Map<number, StoredRecord>>([
    ['customers', new Map()],
    ['orders', new Map()],
    ['products', new Map()],
  ]);

  /** Adds a record with a fresh id and returns it. */
  insert(collection: CollectionName, fields: Fields): StoredRecord {
    const now = wholeSecondNow();
    const record: StoredRecord = { id: this.nextId, createdAt: now, updatedAt: now, fields };
    this.nextId += 1;
    this.records(collection).set(record.id, record);
    return record;
  }

  find(collection: CollectionName, id: number): StoredRecord | undefined {
    return this.records(collection).get(id);
  }

  /** Replaces the fields of an existing record; returns undefined when the id is unknown. */
  update(collection: CollectionName, id: number, fields: Fields): StoredRecord | undefined {
    const known = this.find(collection, id);
    if (known === undefined) return undefined;
    const updated: StoredRecord = { ...known, updatedAt: new Date().toISOString(), fields };
    this.records(collection).set(id, updated);
    return updated;
  }

  remove(collection: CollectionName, id: number): StoredRecord | undefined {
    const known = this.find(collection, id);
    this.records(collection).delete(id);
    return known;
  }

  /** Every record of the collection, in no particular order. */
  all(collection: CollectionName): StoredRecord[] {
    return [...this.records(collection).values()];
  }

  private records(collection: CollectionName): Map<number, StoredRecord> {
    return this.collections.get(collection)!;
  }
}

/** The record as the API shows it: fields, then the server-owned ones. */
export function presentRecord(record: StoredRecord): Record<string, unknown> {
  return { ...record.fields, id: record.id, createdAt: record.createdAt, updatedAt: record.updatedAt };
}

function wholeSecondNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
}
