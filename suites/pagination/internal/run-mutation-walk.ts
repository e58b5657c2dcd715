// One run of the cursor-under-mutation property: top the fixture pool up, walk the list with
// next_cursor over the window that holds the kit's records (the whole list when it is short), run
// the generated writes between pages, and judge the kit's own records only.
import { settledInOrder } from '../../internal/map-in-parallel.js';
import type { CheckContext, ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { describeMutation, keepsRecord, mutationsAfter, pickVictim, type Mutation } from './mutation-commands.js';
import type { OpenList } from './open-list.js';
import { judgeWalkedIds, type WalkProblems } from './page-rules.js';
import type { OwnRecordsWindow } from './own-records-window.js';
import { expectedIn, isShortOfOwnRecords, isWindowWalked, walkWindow } from './walk-window.js';
import type { WalkEnd } from './walk-decision.js';

/** A write as it happened. */
export interface AppliedMutation {
  readonly command: string;
  /** The record it inserted, deleted or replaced, when there was one. */
  readonly id?: string;
  readonly result: 'inserted' | 'deleted' | 'replaced' | 'refused' | 'nothing to delete' | 'nothing to replace';
}

/** What one run did and saw: enough to show a failure without re-running it. */
export interface MutationRunTrace {
  readonly pages: readonly { readonly url: string; readonly ids: readonly string[] }[];
  readonly applied: readonly AppliedMutation[];
  readonly end: WalkEnd;
  readonly problems: WalkProblems;
  readonly exchanges: readonly ExchangeRecord[];
}

export interface PoolSize {
  /** Fixtures topped up to at the start of a run when fewer are left. */
  readonly full: number;
  /** Below this many, the pool is topped up; above `full` plus a page, trimmed. */
  readonly floor: number;
  readonly pageSize: number;
  /** The page size the walk asks for: pageSize, or more on a list that also lists others' records. */
  readonly walkPageSize: number;
}

/**
 * Runs `mutations` during one cursor walk of `list`, over the window `locate` finds once the pool
 * is topped up; what it found instead of a window, when it found none.
 */
export async function runMutationWalk(
  ctx: CheckContext,
  list: OpenList,
  pool: PoolSize,
  mutations: readonly Mutation[],
  locate: () => Promise<OwnRecordsWindow>,
): Promise<
  | MutationRunTrace
  | { readonly failedToPrepare: true }
  | { readonly noWindow: Exclude<OwnRecordsWindow, { kind: 'window' }> }
> {
  if (!(await resizePool(list, pool))) return { failedToPrepare: true };
  const window = await locate();
  if (window.kind !== 'window') return { noWindow: window };
  const firstExchange = ctx.exchanges.length;
  // Records present at the start must each be listed once, unless deleted; inserted ones may or may
  // not be listed, but never twice. Records of others are never judged.
  // On a long list, only the kit's records its window showed are expected (the others lie elsewhere).
  const expected = new Set([...list.ownIds].filter((id) => window.expected.has(id)));
  const judged = new Set(list.ownIds);
  const seen: string[] = [];
  const applied: AppliedMutation[] = [];

  const walk = await walkWindow(ctx, list, window, {
    style: 'cursor',
    pageSize: pool.walkPageSize,
    note: 'cursor walk while records are inserted and deleted between pages',
    betweenPages: async (fetched, pageIndex) => {
      if (!fetched.page.ok) return;
      for (const id of fetched.page.ids) if (judged.has(id) && !seen.includes(id)) seen.push(id);
      const lastId = fetched.page.ids.at(-1);
      // Which record each write hits is decided in order first, as if they ran one after another; the
      // writes then go out at once, since the next page sees the same records either way.
      const writes = planWrites(list.ownIds, mutationsAfter(mutations, pageIndex), { seen, lastId, expected, judged });
      applied.push(...(await settledInOrder(writes.map((write) => carryOut(list, write, judged)))));
    },
    goesOn: (walked) => isShortOfOwnRecords(window, walked, expected),
  });
  // A walk of a head window ends where the window does: that is its complete end. One the page
  // budget stopped while it went on past the window, none of the kit's records listed yet, never
  // reached them: it is cut short by the budget, and judged on nothing.
  const isWalked = isWindowWalked(window, walk) && !isShortOfOwnRecords(window, walk.ids, expected);
  return {
    pages: walk.pages.map((p) => ({ url: p.url, ids: p.page.ok ? p.page.ids : [] })),
    applied,
    end: isWalked ? { kind: 'complete' } : walk.end,
    problems: judgeWalkedIds(walk.ids, expectedIn(window, walk, expected), judged),
    exchanges: ctx.exchanges.slice(firstExchange).filter((exchange) => isExchangeOfRun(exchange, list.path, applied)),
  };
}

// Lists are walked side by side, so the check's log interleaves their runs: a run's evidence is its
// own pages and writes only (the list's GETs and inserts, the deletes and replaces of the records it hit).
function isExchangeOfRun(exchange: ExchangeRecord, listPath: string, applied: readonly AppliedMutation[]): boolean {
  const { method, url } = exchange.request;
  const path = pathOf(url);
  if (path === listPath) return method === 'GET' || method === 'POST';
  if (method !== 'DELETE' && method !== 'PUT') return false;
  const last = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  return applied.some((mutation) => mutation.id === last && mutation.result !== 'inserted');
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export interface RunState {
  /** Own records listed so far, in walk order; deleted ones are taken out. */
  readonly seen: string[];
  readonly lastId: string | undefined;
  readonly expected: Set<string>;
  readonly judged: Set<string>;
}

/** A write of a gap, its target decided: an insert, a delete or a replace of `victim`, or nothing to hit. */
export interface PlannedWrite {
  readonly command: string;
  readonly kind: 'insert' | 'delete' | 'replace';
  readonly victim?: string;
}

/**
 * Decides what each of a gap's commands hits, in order, as if each ran after the one before: a
 * record deleted by an earlier command is no longer seen, unseen or the anchor. The records chosen
 * leave the judged sets at once, whatever the target then answers (refused, a record is in an
 * unknown state). Inserts change no choice: they are never among the records a delete may hit.
 * Updates `state` (seen, expected, judged); pure otherwise.
 */
export function planWrites(
  ownIds: ReadonlySet<string>,
  mutations: readonly Mutation[],
  state: RunState,
): PlannedWrite[] {
  const chosen = new Set<string>();
  return mutations.map((mutation) => {
    const command = describeMutation(mutation);
    if (mutation.kind === 'insert') return { command, kind: 'insert' };
    const seenSet = new Set(state.seen);
    const kind = keepsRecord(mutation.kind) ? 'replace' : 'delete';
    const victim = pickVictim(mutation, {
      seen: state.seen,
      unseen: [...ownIds].filter((id) => !seenSet.has(id) && state.expected.has(id)),
      anchor:
        state.lastId !== undefined && ownIds.has(state.lastId) && !chosen.has(state.lastId) ? state.lastId : undefined,
    });
    if (victim === undefined) return { command, kind };
    // A replaced record stays: present throughout, it must be listed exactly once.
    if (kind === 'replace') return { command, kind, victim };
    chosen.add(victim);
    state.expected.delete(victim);
    state.judged.delete(victim);
    const index = state.seen.indexOf(victim);
    if (index >= 0) state.seen.splice(index, 1);
    return { command, kind: 'delete', victim };
  });
}

async function carryOut(list: OpenList, write: PlannedWrite, judged: Set<string>): Promise<AppliedMutation> {
  const { command, victim } = write;
  if (write.kind === 'insert') {
    const made = await list.createFixtures(1);
    if (!made.ok) return { command, result: 'refused' };
    for (const id of made.ids) judged.add(id);
    return { command, id: made.ids[0]!, result: 'inserted' };
  }
  if (victim === undefined) return { command, result: `nothing to ${write.kind}` };
  if (write.kind === 'replace') {
    const isReplaced = await list.replaceFixture(victim);
    return { command, id: victim, result: isReplaced ? 'replaced' : 'refused' };
  }
  const isDeleted = await list.deleteFixture(victim);
  return { command, id: victim, result: isDeleted ? 'deleted' : 'refused' };
}

// Runs delete more than they insert on average: the pool is topped up when it runs low, and
// trimmed when inserts pile up, so every run walks a few pages, never many.
async function resizePool(list: OpenList, pool: PoolSize): Promise<boolean> {
  const size = list.ownIds.size;
  if (size < pool.floor) {
    const made = await list.createFixtures(pool.full - size);
    return made.ok;
  }
  // The surplus is fixed before any goes, so the deletes go out at once.
  const surplus = [...list.ownIds].slice(pool.full + pool.pageSize);
  await settledInOrder(surplus.map((id) => list.deleteFixture(id)));
  return true;
}
