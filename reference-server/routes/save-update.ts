// The last step of PUT and PATCH: store the new field set under the same id (or, under the
// id-changeable defect, a new one), keep createdAt, refresh updatedAt, emit "<singular>.updated".
import type { Response } from 'express';
import { HttpError } from '../http/http-error.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import type { StoredRecord } from '../store.js';
import { emitRecordEvent } from './emit-record-event.js';
import { rememberUpdate, shownRecord, storedCreatedAtOfPatch, storesUpdate } from './sequence-slips.js';
import type { ServerContext } from './server-context.js';
import { assertReferencesExist } from './write-steps.js';

export async function saveUpdate(
  ctx: ServerContext,
  resource: ResourceDefinition,
  stored: StoredRecord,
  fields: Readonly<Record<string, unknown>>,
  requestedId: string | undefined,
  res: Response,
  method: 'PUT' | 'PATCH',
): Promise<void> {
  assertReferencesExist(ctx, resource, fields);
  const collection = ctx.store[resource.collection];
  const id = requestedId ?? stored.id;
  if (id !== stored.id && collection.has(id)) throw new HttpError(409, 'conflict', `id "${id}" is taken`);
  const now = ctx.timestamp();
  // replace-renews-created-at defect: a PUT written as a delete and an insert, so the record takes
  // a new createdAt and moves to the end of every list. (patch-moves-record-to-end: see sequence-slips.ts.)
  const createdAt =
    method === 'PUT'
      ? ctx.defects.has('replace-renews-created-at')
        ? now
        : stored.createdAt
      : storedCreatedAtOfPatch(ctx, stored, now);
  const record: StoredRecord = { id, ...fields, createdAt, updatedAt: now };
  if (storesUpdate(ctx, stored.id)) collection.replace(stored.id, record);
  rememberUpdate(ctx, method, record, { ...fields });
  const shown = shownRecord(ctx, record);
  await emitRecordEvent(ctx, resource, 'updated', shown);
  res.status(200).json(shown);
}
