// The second server's in-memory data: ids are JSON numbers from one counter for every collection,
// or random UUID strings (the reference uses prefixed strings), and createdAt is at whole seconds,
// so many records share a timestamp and the id tie-breaker (convention 4.2 rule 3) really decides
// order. UUIDs are random, so within one second that order is not the order of creation.
import { randomUUID } from 'node:crypto';
import type { IdStyle } from './second-server-options.js';

export type Fields = Readonly<Record<string, unknown>>;

/** A record id: a number in numeric mode, a UUID string in uuid mode. */
export type RecordId = number | string;

export interface StoredRecord {
  readonly id: RecordId;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly fields: Fields;
}

export type CollectionName = 'customers' | 'orders' | 'products';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export class RecordStore {
  private nextId = 1000;
  private readonly collections = new Map<CollectionName, Map<RecordId, StoredRecord>>([
    ['customers', new Map()],
    ['orders', new Map()],
    ['products', new Map()],
  ]);

  constructor(readonly idStyle: IdStyle) {}

  /** The id a path segment names, or undefined when it is not an id of this store's style. */
  parseId(segment: string | undefined): RecordId | undefined {
    if (segment === undefined) return undefined;
    if (this.idStyle === 'uuid') return uuidPattern.test(segment) ? segment : undefined;
    return /^[1-9]\d{0,14}$/.test(segment) ? Number(segment) : undefined;
  }

  /** Adds a record with a fresh id and returns it. */
  insert(collection: CollectionName, fields: Fields): StoredRecord {
    return this.insertAt(collection, wholeSecondNow(), fields);
  }

  /** Adds a record created at `createdAt` (seeded data), with a fresh id. */
  insertAt(collection: CollectionName, createdAt: string, fields: Fields): StoredRecord {
    const record: StoredRecord = { id: this.newId(), createdAt, updatedAt: createdAt, fields };
    this.records(collection).set(record.id, record);
    return record;
  }

  find(collection: CollectionName, id: RecordId): StoredRecord | undefined {
    return this.records(collection).get(id);
  }

  /** Replaces the fields of an existing record; returns undefined when the id is unknown. */
  update(collection: CollectionName, id: RecordId, fields: Fields): StoredRecord | undefined {
    const known = this.find(collection, id);
    if (known === undefined) return undefined;
    const updated: StoredRecord = { ...known, updatedAt: new Date().toISOString(), fields };
    this.records(collection).set(id, updated);
    return updated;
  }

  remove(collection: CollectionName, id: RecordId): StoredRecord | undefined {
    const known = this.find(collection, id);
    this.records(collection).delete(id);
    return known;
  }

  /** Every record of the collection, in no particular order. */
  all(collection: CollectionName): StoredRecord[] {
    return [...this.records(collection).values()];
  }

  private records(collection: CollectionName): Map<RecordId, StoredRecord> {
    return this.collections.get(collection)!;
  }

  private newId(): RecordId {
    if (this.idStyle === 'uuid') return randomUUID();
    this.nextId += 1;
    return this.nextId - 1;
  }
}

/** The record as the API shows it: fields, then the server-owned ones. */
export function presentRecord(record: StoredRecord): Record<string, unknown> {
  return { ...record.fields, id: record.id, createdAt: record.createdAt, updatedAt: record.updatedAt };
}

function wholeSecondNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
}
