// The resource API (convention 4.1): /customers, /orders, /products and /customers/{id}/orders,
// with answers the reference does not give where the convention leaves them open: 200 (not 201)
// on create, 200 with the removed record (not 204) on delete, 422 for invalid fields and params.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Problem, readJsonObject, sendJson } from './http-exchange.js';
import { buildListPage, parsePageRequest, type ListPolicy } from './list-page.js';
import {
  presentRecord,
  type CollectionName,
  type RecordId,
  type RecordStore,
  type StoredRecord,
} from './record-store.js';
import { validateFullRecord, validatePatch } from './resource-fields.js';
import type { SecondServerQuirks } from './second-server-options.js';
import type { WebhookSender } from './webhook-sender.js';

export interface ResourceRouteContext {
  readonly store: RecordStore;
  readonly sender: WebhookSender;
  readonly listPolicy: ListPolicy;
  readonly quirks: SecondServerQuirks;
}

const collections: readonly CollectionName[] = ['customers', 'orders', 'products'];

/** Answers a resource request; returns false when the path is not a resource path. */
export async function routeResource(
  ctx: ResourceRouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const segments = url.pathname.split('/').slice(1);
  const collection = collections.find((name) => name === segments[0]);
  if (collection === undefined) return false;
  const method = req.method ?? 'GET';
  if (segments.length === 1) {
    if (method === 'GET') return answer(res, 200, listOf(ctx, ctx.store.all(collection), url));
    if (method === 'POST')
      return answer(res, 200, createIn(ctx, collection, validateFullRecord(collection, await readJsonObject(req))));
    throw notAllowed('GET, POST');
  }
  const id = ctx.store.parseId(segments[1]);
  const known = id === undefined ? undefined : ctx.store.find(collection, id);
  const isCustomerOrders = segments.length === 3 && collection === 'customers' && segments[2] === 'orders';
  if (known === undefined && isCustomerOrders && method === 'GET' && ctx.quirks.unknownParentOrders !== undefined) {
    const orders = ctx.quirks.unknownParentOrders === 'bare-empty' ? [] : ctx.store.all('orders').map(presentRecord);
    return answer(res, 200, orders);
  }
  if (known === undefined) throw new Problem(404, 'Not Found', `no ${collection} record with id ${segments[1] ?? ''}`);
  if (isCustomerOrders) return routeCustomerOrders(ctx, req, res, url, known);
  if (segments.length !== 2) throw new Problem(404, 'Not Found', 'no such resource');
  if (method === 'GET') return answer(res, 200, presentRecord(known));
  if (method === 'PUT') {
    const fields = validateFullRecord(collection, await readJsonObject(req));
    return answer(res, 200, updateIn(ctx, collection, known.id, fields));
  }
  if (method === 'PATCH') {
    const changes = validatePatch(collection, await readJsonObject(req));
    return answer(res, 200, updateIn(ctx, collection, known.id, { ...known.fields, ...changes }));
  }
  if (method === 'DELETE') {
    ctx.store.remove(collection, known.id);
    emitFor(ctx, collection, 'deleted', { id: known.id });
    return answer(res, 200, { deleted: true, record: presentRecord(known) });
  }
  throw notAllowed('GET, PUT, PATCH, DELETE');
}

// A customer's orders: listed from the orders collection, created there with customerId set from
// the path; each child is then addressed as /orders/{childId}.
async function routeCustomerOrders(
  ctx: ResourceRouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  customer: StoredRecord,
): Promise<boolean> {
  const isChild = (order: StoredRecord): boolean => String(order.fields.customerId) === String(customer.id);
  if (req.method === 'GET') return answer(res, 200, listOf(ctx, ctx.store.all('orders').filter(isChild), url, true));
  if (req.method === 'POST') {
    const body = await readJsonObject(req);
    return answer(
      res,
      200,
      createIn(ctx, 'orders', validateFullRecord('orders', { ...body, customerId: customer.id })),
    );
  }
  throw notAllowed('GET, POST');
}

function listOf(
  ctx: ResourceRouteContext,
  records: readonly StoredRecord[],
  url: URL,
  nested = false,
): Record<string, unknown> {
  const query = new URLSearchParams(url.searchParams);
  if (ctx.quirks.cursorOnly === 'every-list' || (ctx.quirks.cursorOnly === 'nested-lists' && nested))
    for (const ignored of ['offset', 'page', 'per_page']) query.delete(ignored);
  const request = parsePageRequest(query, ctx.listPolicy);
  if ('problem' in request) throw new Problem(422, 'Unprocessable Content', request.problem);
  return buildListPage(records, request, ctx.listPolicy);
}

function createIn(
  ctx: ResourceRouteContext,
  collection: CollectionName,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const shown = presentRecord(ctx.store.insert(collection, fields));
  emitFor(ctx, collection, 'created', shown);
  return shown;
}

function updateIn(
  ctx: ResourceRouteContext,
  collection: CollectionName,
  id: RecordId,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const shown = presentRecord(ctx.store.update(collection, id, fields)!);
  emitFor(ctx, collection, 'updated', shown);
  return shown;
}

// Only customers emit events (webhooks.sender.collection); names are "customer:<verb>", unlike
// the reference's "customer.created".
function emitFor(
  ctx: ResourceRouteContext,
  collection: CollectionName,
  verb: string,
  data: Readonly<Record<string, unknown>>,
): void {
  if (collection === 'customers') ctx.sender.emit(`customer:${verb}`, data);
}

function answer(res: ServerResponse, status: number, body: unknown): true {
  sendJson(res, status, body);
  return true;
}

function notAllowed(allow: string): Problem {
  return new Problem(405, 'Method Not Allowed', `allowed: ${allow}`, { allow });
}
