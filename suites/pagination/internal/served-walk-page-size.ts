// The page size a check walks a list in: pagination.walkPageSize, or larger on a top-level list that
// also lists nested lists' records (walkPageSizeAmong), but only where the target is known to serve
// that size whole. When the walks run no check has found the list's maximum yet, and it may be
// below the larger size: a clamped page would make an offset walk skip rows, a refused size would
// fail a walk that is not at fault. And the list must hold enough for the walk to still cross two
// page boundaries. So one page of twice the larger size and one more must come back whole: the size
// is served, and the list holds three pages of it. Asked once a list and parameter for the suite;
// a maximum pinned in the config caps it.
import type { CheckContext } from '../../../harness/check-api/check-context.js';
import { isSuccess } from '../../internal/answer-shape.js';
import { listTargets, type PaginationStyle } from './list-targets.js';
import { walkPageSizeAmong } from './lists-share-records.js';
import type { OpenList } from './open-list.js';
import { fetchPage } from './page-walker.js';
import { firstPageQuery } from './walk-decision.js';

export async function servedWalkPageSize(ctx: CheckContext, list: OpenList, style: PaginationStyle): Promise<number> {
  const base = ctx.config.pagination.walkPageSize;
  const wanted = walkPageSizeAmong(list.target, listTargets(ctx.config), base);
  if (wanted === base) return base;
  const pinned = ctx.config.pagination.maxPageSize;
  const larger = pinned === undefined ? wanted : Math.max(base, Math.min(wanted, pinned));
  if (larger === base) return base;
  const param = style === 'page' ? 'per_page' : 'limit';
  const key = `pagination.served page size ${list.target.label} ${param} ${larger}`;
  const known = ctx.suiteScope.get<number>(key);
  if (known !== undefined) return known;
  const asked = 2 * larger + 1;
  const probe = await fetchPage(
    ctx,
    list,
    firstPageQuery(style, asked),
    `${param}=${asked}: does the list hold three pages of ${larger}, served whole?`,
  );
  const served = isSuccess(probe.response.status) && probe.page.ok && probe.page.ids.length === asked ? larger : base;
  ctx.suiteScope.set(key, served);
  return served;
}
