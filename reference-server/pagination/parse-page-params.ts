// Turns the query string of a list request into a page request, or says why it is invalid.
// Pure: the route decides what an invalid request answers (400, or a defect's behaviour).

/** Where a page begins: after skipping `offset` items, or after the item a cursor names. */
export type PageStart =
  { readonly kind: 'offset'; readonly offset: number } | { readonly kind: 'after'; readonly cursor: string };

/** The pagination style a request used; "default" when it named no style (first page). */
export type RequestStyle = 'default' | 'offset' | 'page' | 'cursor';

export interface PageRequest {
  readonly style: RequestStyle;
  readonly start: PageStart;
  /** Items on the page; Infinity only when a defect removes the default size. */
  readonly size: number;
}

/** The bounds and numbering in force. The clean server: 20, 100, clamp, 1-based, no shift. */
export interface PageParamPolicy {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
  readonly overMax: 'clamp' | 'reject';
  /** Number of the first page: 1, or 0 under the zero-based-pages defect. */
  readonly firstPage: 0 | 1;
  /** Items added to the offset of every page after the first (offset-page-mismatch defect). */
  readonly laterPageShift: number;
  readonly ignoresLimit: boolean;
  readonly ignoresPerPage: boolean;
}

export const cleanPageParamPolicy: PageParamPolicy = {
  defaultPageSize: 20,
  maxPageSize: 100,
  overMax: 'clamp',
  firstPage: 1,
  laterPageShift: 0,
  ignoresLimit: false,
  ignoresPerPage: false,
};

export type PageParamsResult =
  { readonly ok: true; readonly request: PageRequest } | { readonly ok: false; readonly message: string };

const paginationKeys = ['limit', 'offset', 'page', 'per_page', 'after'] as const;
const maxCursorLength = 1024;

/** Parses limit/offset, page/per_page or after(+limit) from a parsed query object. */
export function parsePageParams(query: Readonly<Record<string, unknown>>, policy: PageParamPolicy): PageParamsResult {
  const raw: Partial<Record<(typeof paginationKeys)[number], string>> = {};
  for (const key of paginationKeys) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return invalid(`${key} must be given once, as a single value`);
    raw[key] = value;
  }
  const usesOffset = raw.offset !== undefined;
  const usesPage = raw.page !== undefined || raw.per_page !== undefined;
  const usesCursor = raw.after !== undefined;
  if (Number(usesOffset) + Number(usesPage) + Number(usesCursor) > 1) {
    return invalid('use one pagination style per request: limit/offset, page/per_page, or after/limit');
  }
  if (usesPage && raw.limit !== undefined) return invalid('limit cannot be combined with page/per_page; use per_page');

  const limit = parseOptionalInteger('limit', raw.limit, 1);
  if (typeof limit === 'string') return invalid(limit);
  const perPage = parseOptionalInteger('per_page', raw.per_page, 1);
  if (typeof perPage === 'string') return invalid(perPage);
  const requested = usesPage ? (policy.ignoresPerPage ? undefined : perPage) : policy.ignoresLimit ? undefined : limit;
  const size = resolveSize(requested, policy);
  if (typeof size === 'string') return invalid(size);

  if (usesCursor) {
    const after = raw.after!;
    if (after.length === 0 || after.length > maxCursorLength)
      return invalid('after must be a cursor taken from next_cursor');
    return valid('cursor', { kind: 'after', cursor: after }, size);
  }
  if (usesPage) {
    const page = parseOptionalInteger('page', raw.page, policy.firstPage);
    if (typeof page === 'string') return invalid(page);
    const pageNumber = page ?? policy.firstPage;
    const isLaterPage = pageNumber > policy.firstPage;
    const offset = (pageNumber - policy.firstPage) * size + (isLaterPage ? policy.laterPageShift : 0);
    return valid('page', { kind: 'offset', offset }, size);
  }
  const offset = parseOptionalInteger('offset', raw.offset, 0);
  if (typeof offset === 'string') return invalid(offset);
  return valid(usesOffset ? 'offset' : 'default', { kind: 'offset', offset: offset ?? 0 }, size);
}

function resolveSize(requested: number | undefined, policy: PageParamPolicy): number | string {
  if (requested === undefined) return policy.defaultPageSize;
  if (requested <= policy.maxPageSize) return requested;
  if (policy.overMax === 'reject') return `page size ${requested} is above the maximum of ${policy.maxPageSize}`;
  return policy.maxPageSize;
}

// Digits only: no sign, no fraction, no exponent, no blanks, and no value past 2^53 - 1, where
// integers stop being exact.
function parseOptionalInteger(name: string, text: string | undefined, minimum: number): number | undefined | string {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,16}$/.test(text)) return `${name} must be an integer >= ${minimum} (got "${clip(text)}")`;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return `${name} must be at most ${Number.MAX_SAFE_INTEGER} (got "${clip(text)}")`;
  if (value < minimum) return `${name} must be an integer >= ${minimum} (got "${clip(text)}")`;
  return value;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function valid(style: RequestStyle, start: PageStart, size: number): PageParamsResult {
  return { ok: true, request: { style, start, size } };
}

function invalid(message: string): PageParamsResult {
  return { ok: false, message };
}
