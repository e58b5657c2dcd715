// Answers a list request: parses the pagination parameters, cuts the page and writes the list
// response. Shared by every list, so every list takes the same parameters (convention 4.2/7).
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { HttpError } from '../http/http-error.js';
import { buildListPage } from '../pagination/build-list-page.js';
import { parsePageParams, type PageRequest } from '../pagination/parse-page-params.js';
import { shuffleTies } from '../pagination/shuffle-ties.js';
import { rememberCursorSize, sizeKeptByCursor, snapshotPage } from '../pagination/walk-slips.js';
import type { SortKey } from '../pagination/sort-key.js';
import type { ServerContext } from './server-context.js';

export interface ListSource<T extends SortKey> {
  /** The list's records in list order, read once per request. */
  readonly view: () => readonly T[];
  /** Prefix of every id in this list; a cursor for another list is refused. */
  readonly idPrefix: string;
  /** What a client sees of one record. */
  readonly present: (record: T) => unknown;
  /** nested-list-ignores-limit defect: this list returns every record in one page. */
  readonly ignoresPageSize?: boolean;
  /** nested-list-not-a-page defect: this list answers a bare array of the page's items. */
  readonly answersBareArray?: boolean;
}

// page-size-remembered defect: the last page size each connection asked for. Keyed by socket, so
// servers in one process never share it.
const rememberedSizes = new WeakMap<Socket, unknown>();

export async function sendListPage<T extends SortKey>(
  req: Request,
  res: Response,
  ctx: ServerContext,
  source: ListSource<T>,
): Promise<void> {
  const query = ctx.defects.has('page-size-remembered')
    ? withRememberedSize(req)
    : (req.query as Record<string, unknown>);
  const parsed = parsePageParams(query, ctx.pageParamPolicy);
  let request = parsed.ok ? parsed.request : fallBackOnInvalid(ctx, parsed.message);
  if (source.ignoresPageSize) request = { ...request, size: Number.POSITIVE_INFINITY };
  const view = ctx.defects.has('order-without-tie-breaker') ? shuffleTies(source.view(), ctx.random) : source.view();
  request = applyPastTheEndDefects(ctx, request, view.length);
  request = sizeKeptByCursor(ctx.defects, ctx.walkSlips, request);
  let page =
    snapshotPage(ctx.defects, ctx.walkSlips, req.path, view, request) ??
    buildListPage(view, request, source.idPrefix, ctx.listBehaviour);
  if (!page.ok) page = buildListPage(view, fallBackOnInvalid(ctx, page.message), source.idPrefix, ctx.listBehaviour);
  if (!page.ok) throw new HttpError(400, 'invalid_pagination', page.message);
  if (ctx.defects.has('slow-deep-pages')) {
    // Imitates a scan over every skipped row (at most the whole list): deep pages cost more.
    await ctx.timers.delay(Math.min(page.startIndex, view.length) * ctx.tuning.slowDeepPageMsPerItem);
  }
  rememberCursorSize(ctx.defects, ctx.walkSlips, page.body.next_cursor, request.size);
  const items = page.body.items.map(source.present);
  // list-not-a-page: the page's items as a bare array, without next_cursor or has_more.
  if (ctx.defects.has('list-not-a-page') || source.answersBareArray === true) return void res.status(200).json(items);
  res.status(200).json({ ...page.body, items });
}

function withRememberedSize(req: Request): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  const asked = query.limit ?? query.per_page;
  if (asked !== undefined) {
    rememberedSizes.set(req.socket, asked);
    return query;
  }
  const remembered = rememberedSizes.get(req.socket);
  return remembered === undefined ? query : { ...query, limit: remembered };
}

// The clean server refuses invalid parameters with 400; two defects answer otherwise.
function fallBackOnInvalid(ctx: ServerContext, message: string): PageRequest {
  if (ctx.defects.has('500-on-invalid-params')) throw new HttpError(500, 'internal_error', 'internal error');
  if (ctx.defects.has('invalid-params-ignored')) {
    const fallback = parsePageParams({}, ctx.pageParamPolicy);
    if (fallback.ok) return fallback.request;
  }
  throw new HttpError(400, 'invalid_pagination', message);
}

// Two slips at the end of a list: the row at the offset is read unchecked (500), or an out-of-range
// page number is clamped to the last page (Django's Paginator.get_page). Only an offset or page the
// client named: the first page of an empty list is not past its end.
function applyPastTheEndDefects(ctx: ServerContext, request: PageRequest, length: number): PageRequest {
  const { start, style, size } = request;
  if (start.kind !== 'offset' || start.offset === 0 || start.offset < length) return request;
  if (ctx.defects.has('500-past-the-end') && (style === 'offset' || style === 'page'))
    throw new HttpError(500, 'internal_error', 'internal error');
  if (ctx.defects.has('page-past-end-repeats-last-page') && style === 'page' && length > 0 && Number.isFinite(size)) {
    return { ...request, start: { kind: 'offset', offset: Math.floor((length - 1) / size) * size } };
  }
  return request;
}
