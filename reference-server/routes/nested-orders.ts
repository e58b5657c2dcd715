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
import { shownRecord } from './sequence-slips.js';
import { compareSortKeys } from '../pagination/sort-key.js';

type Order = ReturnType<ServerContext['store']['orders']['list']>[number];

export function listCustomerOrdersHandler(ctx: ServerContext): RequestHandler {
  // deleted-child-still-nested defect: every order once listed under a customer stays listed there.
  const everListed = new Map<string, Map<string, Order>>();
  const withEverListed = (customerId: string, current: readonly Order[]): Order[] => {
    const seen = everListed.get(customerId) ?? new Map<string, Order>();
    everListed.set(customerId, seen);
    for (const order of current) seen.set(order.id, order);
    return [...seen.values()].sort(compareSortKeys);
  };
  return async (req, res) => {
    const customerId = String(req.params.id);
    if (!ctx.defects.has('nested-list-unknown-parent-200')) findRecordOr404(ctx, customers, customerId);
    const leaksOtherParents = ctx.defects.has('nested-list-leaks-other-parents');
    const ofCustomer = (): readonly Order[] =>
      leaksOtherParents
        ? ctx.store.orders.list()
        : ctx.store.orders.list().filter((order) => order.customerId === customerId);
    await sendListPage(req, res, ctx, {
      view: () =>
        ctx.defects.has('deleted-child-still-nested') ? withEverListed(customerId, ofCustomer()) : ofCustomer(),
      idPrefix: orders.idPrefix,
      present: (record) => shownRecord(ctx, record),
      ignoresPageSize: ctx.defects.has('nested-list-ignores-limit'),
      answersBareArray: ctx.defects.has('nested-list-not-a-page'),
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
    // nested-create-rounds-total defect: this route parses total as an integer.
    const total =
      ctx.defects.has('nested-create-rounds-total') && typeof body.total === 'number'
        ? { total: Math.trunc(body.total) }
        : {};
    await createRecord(ctx, orders, { ...body, ...total, customerId }, res);
    // child-create-touches-parent defect: customers ordered by last activity, and an order is activity.
    const customer = ctx.store.customers.get(customerId);
    if (ctx.defects.has('child-create-touches-parent') && customer !== undefined)
      ctx.store.customers.replace(customerId, { ...customer, createdAt: ctx.timestamp() });
  };
}
