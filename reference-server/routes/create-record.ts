// POST /{collection}: validates a whole record, stores it with a server-assigned id, answers 201.
import type { RequestHandler, Response } from 'express';
import { HttpError } from '../http/http-error.js';
import { requireObjectBody } from '../http/json-body.js';
import { separateReadOnlyFields } from '../resources/read-only-fields.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { validateFields } from '../resources/validate-fields.js';
import type { StoredRecord } from '../store.js';
import { collectionPath } from './collection-path.js';
import { emitRecordEvent } from './emit-record-event.js';
import { rememberCreate } from './sequence-slips.js';
import type { ServerContext } from './server-context.js';
import { assertReferencesExist, validationLeniency } from './write-steps.js';

export function createRecordHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  return async (req, res) => {
    await createRecord(ctx, resource, requireObjectBody(req.body), res);
  };
}

/** Creates a record from `body` and answers it; also used by the nested create. */
export async function createRecord(
  ctx: ServerContext,
  resource: ResourceDefinition,
  body: Readonly<Record<string, unknown>>,
  res: Response,
): Promise<void> {
  const readOnly = separateReadOnlyFields(body, undefined);
  if (!readOnly.ok) throw new HttpError(400, 'read_only_field', readOnly.message);
  const checked = validateFields(readOnly.writable, resource.fields, 'whole', validationLeniency(ctx));
  if (!checked.ok) throw new HttpError(400, checked.code, checked.message);
  assertReferencesExist(ctx, resource, checked.fields);
  const collection = ctx.store[resource.collection];
  const now = ctx.timestamp();
  const record: StoredRecord = { id: collection.newId(), ...checked.fields, createdAt: now, updatedAt: now };
  if (!ctx.defects.has('create-not-persisted')) collection.insert(record);
  rememberCreate(ctx, resource, record, checked.fields);
  await emitRecordEvent(ctx, resource, 'created', record);
  res.location(`${collectionPath(ctx, resource)}/${record.id}`);
  res.status(ctx.defects.has('create-returns-200') ? 200 : 201).json(record);
}
