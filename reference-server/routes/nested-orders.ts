// /customers/{id}/orders: the orders of one customer, as a list (same pagination as every list)
// and as a place to create an order for that customer without naming it in the body.
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { requireObjectBody } from '../http/json-body.js';
import { customers, orders } from '../resources/resource-definitions.js';
import { createRecord } from './create-record.js';
import { sendListPage } from './send-list-page.js';
import type { ServerContext } from './server-context.js';
import { findRecordOr404 } from './write-steps.js';

export function listCustomerOrdersHandler(ctx: ServerContext): RequestHandler {
  return async (req, res) => {
    const customerId = String(req.params.id);
    if (!ctx.defects.has('nested-list-unknown-parent-200')) findRecordOr404(ctx, customers, customerId);
    const leaksOtherParents = ctx.defects.has('nested-list-leaks-other-parents');
    await sendListPage(req, res, ctx, {
      view: () => (leaksOtherParents ? ctx.store.orders.list() : ctx.store.orders.list().filter((order) => order.customerId === customerId)),
      idPrefix: orders.idPrefix,
      present: (record) => record,
      ignoresPageSize: ctx.defects.has('nested-list-ignores-limit'),
    });
  };
}

export function createCustomerOrderHandler(ctx: ServerContext): RequestHandler {
  return async (req, res) => {
    const customerId = findRecordOr404(ctx, customers, String(req.params.id)).id;
    const body = requireObjectBody(req.body);
    if (Object.hasOwn(body, 'customerId') && body.customerId !== customerId) {
      throw new HttpError(400, 'validation_failed', 'customerId must be left out or equal the customer in the path');
    }
    await createRecord(ctx, orders, { ...body, customerId }, res);
  };
}
