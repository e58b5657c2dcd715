// The defect switches that only show where operations meet (resources.model-consistency): a read
// cache a PUT does not clear, a second update answered but not stored, a PATCH merged into the
// record as it was before a PUT, and the like. Each is a slip real servers make, and each one keeps
// the state it needs here, per server, so the handlers stay as they are without the switch.
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import type { StoredRecord } from '../store.js';
import type { ServerContext } from './server-context.js';

/** What the switches remember, per server; empty and unused without them. */
export interface SlipMemory {
  /** put-leaves-read-cache-stale: records as a GET last served them. */
  readonly readCache: Map<string, StoredRecord>;
  /** update-applied-only-once, delete-misses-updated-record: records updated at least once. */
  readonly updated: Set<string>;
  /** patch-after-put-restores-old-fields: each record's fields as created or last patched. */
  readonly patchBase: Map<string, Record<string, unknown>>;
  /** patch-hits-last-created: the newest record of each collection. */
  readonly lastCreated: Map<string, string>;
  /** updated-record-drops-from-list: records replaced by a PUT. */
  readonly replaced: Set<string>;
  /** list-shows-stale-values: records as a list first showed them. */
  readonly listed: Map<string, StoredRecord>;
  /** patch-moves-record-to-end: the createdAt a client sees of a record the store re-inserted. */
  readonly shownCreatedAt: Map<string, string>;
}

export function createSlipMemory(): SlipMemory {
  return {
    readCache: new Map(),
    updated: new Set(),
    patchBase: new Map(),
    lastCreated: new Map(),
    replaced: new Set(),
    listed: new Map(),
    shownCreatedAt: new Map(),
  };
}

/** After a create: what the switches about creates remember. */
export function rememberCreate(
  ctx: ServerContext,
  resource: ResourceDefinition,
  record: StoredRecord,
  fields: Record<string, unknown>,
): void {
  ctx.slips.patchBase.set(record.id, fields);
  ctx.slips.lastCreated.set(resource.collection, record.id);
}

/**
 * The createdAt a PATCH stores: under patch-moves-record-to-end, the PATCH is carried out as a
 * delete and an insert, so the store's order (which every list follows) puts the record last; what
 * clients see of createdAt stays as it was (shownRecord).
 */
export function storedCreatedAtOfPatch(ctx: ServerContext, stored: StoredRecord, now: string): string {
  if (!ctx.defects.has('patch-moves-record-to-end')) return stored.createdAt;
  ctx.slips.shownCreatedAt.set(stored.id, shownRecord(ctx, stored).createdAt);
  return now;
}

/** A record as clients see it: with the createdAt it was created with, under patch-moves-record-to-end. */
export function shownRecord(ctx: ServerContext, record: StoredRecord): StoredRecord {
  const createdAt = ctx.slips.shownCreatedAt.get(record.id);
  return createdAt === undefined ? record : { ...record, createdAt };
}

/** A GET: the cached copy when put-leaves-read-cache-stale keeps one. */
export function servedRecord(ctx: ServerContext, stored: StoredRecord): StoredRecord {
  const record = shownRecord(ctx, stored);
  if (!ctx.defects.has('put-leaves-read-cache-stale')) return record;
  const cached = ctx.slips.readCache.get(record.id);
  if (cached !== undefined) return cached;
  ctx.slips.readCache.set(record.id, record);
  return record;
}

/** The record a PATCH addressed to `stored` writes: under patch-hits-last-created, the collection's newest. */
export function patchedRecord(ctx: ServerContext, resource: ResourceDefinition, stored: StoredRecord): StoredRecord {
  if (!ctx.defects.has('patch-hits-last-created')) return stored;
  const newest = ctx.slips.lastCreated.get(resource.collection);
  return (newest === undefined ? undefined : ctx.store[resource.collection].get(newest)) ?? stored;
}

/** The fields a PATCH merges into: as created or last patched, under patch-after-put-restores-old-fields. */
export function patchBaseOf(ctx: ServerContext, record: StoredRecord): Record<string, unknown> | undefined {
  return ctx.defects.has('patch-after-put-restores-old-fields') ? ctx.slips.patchBase.get(record.id) : undefined;
}

/** Strings as a server reading UTF-8 bytes as Latin-1 stores them, under non-ascii-values-mangled. */
export function storedStrings(ctx: ServerContext, fields: Record<string, unknown>): Record<string, unknown> {
  if (!ctx.defects.has('non-ascii-values-mangled')) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? Buffer.from(value, 'utf8').toString('latin1') : value,
    ]),
  );
}

/** Whether an update of `id` is stored: not a second one under update-applied-only-once. */
export function storesUpdate(ctx: ServerContext, id: string): boolean {
  return !(ctx.defects.has('update-applied-only-once') && ctx.slips.updated.has(id));
}

/** After an update answered 200: what the switches about updates remember. */
export function rememberUpdate(
  ctx: ServerContext,
  method: 'PUT' | 'PATCH',
  record: StoredRecord,
  fields: Record<string, unknown>,
): void {
  ctx.slips.updated.add(record.id);
  if (method === 'PATCH') {
    ctx.slips.patchBase.set(record.id, fields);
    ctx.slips.readCache.delete(record.id);
  } else ctx.slips.replaced.add(record.id);
}

/** Whether a DELETE removes the record: not once it was updated, under delete-misses-updated-record. */
export function removesOnDelete(ctx: ServerContext, id: string): boolean {
  if (ctx.defects.has('delete-misses-updated-record') && ctx.slips.updated.has(id)) return false;
  ctx.slips.readCache.delete(id);
  ctx.slips.listed.delete(id);
  return true;
}

/** The records a top-level list shows: without those a PUT replaced, under updated-record-drops-from-list. */
export function listedRecords(ctx: ServerContext, records: readonly StoredRecord[]): readonly StoredRecord[] {
  if (!ctx.defects.has('updated-record-drops-from-list')) return records;
  return records.filter((record) => !ctx.slips.replaced.has(record.id));
}

/** A record as a list shows it: as first shown, under list-shows-stale-values. */
export function listedRecord(ctx: ServerContext, stored: StoredRecord): StoredRecord {
  const record = shownRecord(ctx, stored);
  if (!ctx.defects.has('list-shows-stale-values')) return record;
  const shown = ctx.slips.listed.get(record.id);
  if (shown !== undefined) return shown;
  ctx.slips.listed.set(record.id, record);
  return record;
}

/**
 * A GET of an id this collection does not hold: under unusual-unknown-id-500, an id with a
 * character outside letters, digits, "_" and "-" crashes the lookup; under foreign-id-served, the
 * record of another collection with that id is served (one table behind every collection).
 */
export function unknownIdAnswer(
  ctx: ServerContext,
  resource: ResourceDefinition,
  id: string,
): { readonly status: number; readonly body: unknown } | undefined {
  if (ctx.defects.has('unusual-unknown-id-500') && !/^[A-Za-z0-9_-]*$/.test(id))
    return { status: 500, body: { error: { message: 'internal error' } } };
  if (ctx.defects.has('foreign-id-served')) {
    for (const name of ['customers', 'orders', 'products'] as const) {
      const found = name === resource.collection ? undefined : ctx.store[name].get(id);
      if (found !== undefined) return { status: 200, body: found };
    }
  }
  return undefined;
}
