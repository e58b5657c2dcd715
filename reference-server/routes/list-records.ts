// GET /{collection}: one page of the collection (see send-list-page.ts).
import type { RequestHandler } from 'express';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { sendListPage } from './send-list-page.js';
import type { ServerContext } from './server-context.js';
import { listedRecord, listedRecords } from './sequence-slips.js';

export function listRecordsHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  const collection = ctx.store[resource.collection];
  return async (req, res) => {
    await sendListPage(req, res, ctx, {
      view: () => listedRecords(ctx, collection.list()),
      idPrefix: collection.idPrefix,
      present: (record) => listedRecord(ctx, record),
    });
  };
}
