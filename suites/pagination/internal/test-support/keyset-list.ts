// Test support: a list ordered newest first whose cursor is the key of the last item listed (a
// keyset), with the kit's records at its head and others' newer records written ahead of them on
// demand, for the walks of a head window (walk-window.ts, run-mutation-walk.ts).
import type { CheckContext, TargetRequest, TargetResponse } from '../../../../harness/check-api/check-context.js';
import type { OpenList } from '../open-list.js';
import type { OpenWindow } from '../walk-window.js';
import { RequestBudget } from '../request-budget.js';

/**
 * A list ordered newest first, its cursor the key of the last item listed (a keyset): the kit's
 * records k1–k3 first, older ones after. `skipsAfterCursor`: a cursor that starts one item too late.
 */
export function keysetList(options: { skipsAfterCursor?: boolean } = {}) {
  const keys = new Map<string, number>([
    ['k1', 101],
    ['k2', 102],
    ['k3', 103],
    ...Array.from({ length: 20 }, (_, index): [string, number] => [`old${index}`, 50 - index]),
  ]);
  let othersAhead = 0;
  const page = (query: Readonly<Record<string, string | number | undefined>>) => {
    const ordered = [...keys].sort((a, b) => b[1] - a[1]);
    const limit = Number(query['limit']);
    let start = query['after'] === undefined ? 0 : ordered.findIndex(([, key]) => key < Number(query['after']));
    if (query['after'] !== undefined && options.skipsAfterCursor === true) start += 1;
    const items = ordered.slice(start, start + limit);
    const hasMore = start + items.length < ordered.length;
    return {
      items: items.map(([id]) => ({ id })),
      has_more: hasMore,
      ...(hasMore ? { next_cursor: String(items.at(-1)![1]) } : {}),
    };
  };
  return {
    page,
    /** Others' records, newer than the kit's: they go ahead of them. */
    othersWrite(count: number) {
      for (let index = 0; index < count; index += 1) keys.set(`other${othersAhead}`, 200 + othersAhead++);
    },
  };
}

/** A context whose target is `list`; `beforeFirstPage` runs once, as the walk asks for the list's first page. */
export function walkContext(list: ReturnType<typeof keysetList>, maxPagesPerWalk: number, beforeFirstPage: () => void) {
  let isFirst = true;
  return {
    config: { budgets: { maxPagesPerWalk } },
    exchanges: [],
    request: async (request: TargetRequest) => {
      if (request.query?.['after'] === undefined && isFirst) {
        isFirst = false;
        beforeFirstPage();
      }
      const json = list.page(request.query ?? {});
      return {
        status: 200,
        headers: {},
        json,
        text: JSON.stringify(json),
        record: { request: { method: 'GET', url: `http://target${request.path}` } },
        durationMs: 1,
      } as unknown as TargetResponse;
    },
  } as unknown as CheckContext;
}

export function ownList(): OpenList {
  return {
    path: '/customers',
    idField: 'id',
    budget: new RequestBudget(1000, '/customers'),
    ownIds: new Set(['k1', 'k2', 'k3']),
  } as unknown as OpenList;
}

// Found at the list's head, where the kit's records were: two pages of two.
export const headWindow: OpenWindow = {
  kind: 'window',
  where: 'head',
  startQuery: { limit: 2 },
  maxPages: 2,
  expected: new Set(['k1', 'k2', 'k3']),
  expectedOrder: ['k3', 'k2', 'k1'],
};
