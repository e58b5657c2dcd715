// Routes of the related collection /customers/{id}/orders.
import type { Express, RequestHandler } from 'express';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { customers } from '../resources/resource-definitions.js';
import { collectionPath } from './collection-path.js';
import { createCustomerOrderHandler, listCustomerOrdersHandler } from './nested-orders.js';
import type { ServerContext } from './server-context.js';

export function mountCustomerOrders(app: Express, ctx: ServerContext, jsonBody: RequestHandler): void {
  const related = ctx.defects.has('singular-collection-name') ? 'order' : 'orders';
  const path = `${collectionPath(ctx, customers)}/:id/${related}`;
  app.get(path, listCustomerOrdersHandler(ctx));
  app.post(path, jsonBody, createCustomerOrderHandler(ctx));
  app.all(path, methodNotAllowed('GET, POST'));
}
