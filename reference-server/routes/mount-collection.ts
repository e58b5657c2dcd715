// Routes of one collection: the six operations of convention 4.1, and 405 for other methods.
import type { Express, RequestHandler } from 'express';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { collectionPath } from './collection-path.js';
import { createRecordHandler } from './create-record.js';
import { deleteRecordHandler } from './delete-record.js';
import { listRecordsHandler } from './list-records.js';
import { patchRecordHandler } from './patch-record.js';
import { readRecordHandler } from './read-record.js';
import { replaceRecordHandler } from './replace-record.js';
import type { ServerContext } from './server-context.js';

export function mountCollection(
  app: Express,
  ctx: ServerContext,
  resource: ResourceDefinition,
  jsonBody: RequestHandler,
): void {
  const path = collectionPath(ctx, resource);
  app.get(path, listRecordsHandler(ctx, resource));
  app.post(path, jsonBody, createRecordHandler(ctx, resource));
  app.all(path, methodNotAllowed('GET, POST'));
  const member = `${path}/:id`;
  app.get(member, readRecordHandler(ctx, resource));
  app.put(member, jsonBody, replaceRecordHandler(ctx, resource));
  app.patch(member, jsonBody, patchRecordHandler(ctx, resource));
  app.delete(member, deleteRecordHandler(ctx, resource));
  app.all(member, methodNotAllowed('GET, PUT, PATCH, DELETE'));
}
