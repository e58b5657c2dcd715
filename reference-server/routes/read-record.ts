// GET /{collection}/{id}: the record, or 404.
import type { RequestHandler } from 'express';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import type { ServerContext } from './server-context.js';
import { servedRecord, unknownIdAnswer } from './sequence-slips.js';
import { findRecordOr404 } from './write-steps.js';

export function readRecordHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  return (req, res) => {
    const id = String(req.params.id);
    if (ctx.defects.has('get-unknown-id-200') && !ctx.store[resource.collection].has(id)) {
      res.status(200).json(null);
      return;
    }
    if (ctx.defects.has('unknown-id-403') && !ctx.store[resource.collection].has(id)) {
      res.status(403).json({ error: { message: 'forbidden' } });
      return;
    }
    const slipped = ctx.store[resource.collection].has(id) ? undefined : unknownIdAnswer(ctx, resource, id);
    if (slipped !== undefined) {
      res.status(slipped.status).json(slipped.body);
      return;
    }
    res.status(200).json(servedRecord(ctx, findRecordOr404(ctx, resource, id)));
  };
}
