// What a page-size probe shows, and how many fixtures the kit needs before it can show more.
// Convention 4.2/4 and 8: a default and a maximum page size exist. Seeing a bound takes more records
// than the bound, so the kit creates them in steps, up to pagination.fixtureCap. Pure.
import type { ListPage } from './list-page.js';

/** What one probe (no size, or a huge size) showed. */
export type BoundObservation =
  /** A full page with has_more true: the page size in force is `size`. */
  | { readonly kind: 'bounded'; readonly size: number }
  /** A 4xx: the size was refused. */
  | { readonly kind: 'rejected'; readonly status: number }
  /** has_more false: every record fit on the page, so no bound is visible yet. */
  | { readonly kind: 'all-fit'; readonly size: number }
  /** A 5xx, another status, or no list page. */
  | { readonly kind: 'broken'; readonly reason: string };

/** Classifies the answer to a page-size probe. */
export function observeBound(status: number, page: ListPage): BoundObservation {
  if (status >= 400 && status < 500) return { kind: 'rejected', status };
  if (!page.ok) return { kind: 'broken', reason: page.reason };
  return page.hasMore ? { kind: 'bounded', size: page.ids.length } : { kind: 'all-fit', size: page.ids.length };
}

// One past the page sizes APIs commonly use (10, 20, 25, 50, 100, 200, 500, 1000): each step shows
// such a bound with the fewest records.
const steps = [26, 51, 101, 201, 501, 1001];

/**
 * How many more fixtures to create so the list holds the next step's worth of records, given that
 * `visible` fit on one page and `created` were made already; undefined when pagination.fixtureCap
 * allows no more.
 */
export function moreFixturesNeeded(visible: number, created: number, cap: number): number | undefined {
  const room = cap - created;
  if (room <= 0) return undefined;
  const target = steps.find((step) => step > visible) ?? visible * 2 + 1;
  return Math.min(room, Math.max(1, target - visible));
}

/** The size bound found by bisection: the largest size accepted when `isAccepted` is monotone. */
export function nextBisection(accepted: number, refused: number): number | undefined {
  return refused - accepted > 1 ? Math.floor((accepted + refused) / 2) : undefined;
}

/** The bounds pagination.page-size-bounds found on a list, kept in the suite scope for later checks. */
export interface FoundBounds {
  readonly defaultSize: number;
  /** The maximum of each size parameter (limit, per_page). */
  readonly maxima: Readonly<Record<string, number>>;
}

/** The suite-scope key of the bounds found on the list configured as `listLabel`. */
export function foundBoundsKey(listLabel: string): string {
  return `pagination.page-size-bounds ${listLabel}`;
}

/**
 * The largest page size the list configured as `listLabel` is known to serve whole, whatever its
 * size parameter: pagination.maxPageSize, or what page-size-bounds found earlier in the run.
 */
export function knownMaxPageSize(
  ctx: {
    readonly config: { readonly pagination: { readonly maxPageSize?: number | undefined } };
    readonly suiteScope: { get<T>(key: string): T | undefined };
  },
  listLabel: string,
): number | undefined {
  const found = ctx.suiteScope.get<FoundBounds>(foundBoundsKey(listLabel));
  const known = Math.min(
    ctx.config.pagination.maxPageSize ?? Number.POSITIVE_INFINITY,
    ...Object.values(found?.maxima ?? {}),
  );
  return Number.isFinite(known) ? known : undefined;
}
