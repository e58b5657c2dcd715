// DELETE /{collection}/{id}: removes the record (204); it is then 404 and gone from every list.
import type { RequestHandler } from 'express';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { emitRecordEvent } from './emit-record-event.js';
import type { ServerContext } from './server-context.js';
import { removesOnDelete } from './sequence-slips.js';
import { findRecordOr404 } from './write-steps.js';

export function deleteRecordHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  return async (req, res) => {
    const record = findRecordOr404(ctx, resource, String(req.params.id));
    if (!ctx.defects.has('delete-keeps-record') && removesOnDelete(ctx, record.id))
      ctx.store[resource.collection].remove(record.id);
    await emitRecordEvent(ctx, resource, 'deleted', record);
    res.status(204).end();
  };
}
