// Runs one command sequence of pagination.model-consistency on one list: up to two walks kept open
// at once, each over the window that holds the kit's records, with writes of every kind between
// their pages, and judges every answer as it comes (a page is a page, no larger than asked) and each
// walk at its end (in the cursor style, every record present throughout listed exactly once, 4.2/2;
// in the offset and page styles, repeats and gaps only reported, 4.2/1).
import type { CheckContext, ExchangeRecord } from '../../../../harness/check-api/check-context.js';
import { ModelBreach, sequenceContext } from '../../../internal/sequence-breach.js';
import type { PaginationStyle } from '../list-targets.js';
import type { OpenList } from '../open-list.js';
import type { OwnRecordsWindow } from '../own-records-window.js';
import type { FetchedPage, PageWalk } from '../page-walker.js';
import { describeWalkProblems, isWalkExact, judgeWalkedIds, listBriefly } from '../page-rules.js';
import { describeWalkEnd, isHostileEnd, resizeQuery, type WalkEnd } from '../walk-decision.js';
import { expectedIn, isWindowWalked, walkWindow, type OpenWindow } from '../walk-window.js';
import { steppedWalk, type SteppedWalk } from './stepped-walk.js';
import { carryOut } from './walk-writes.js';
import type { WalkName, WalkPlan, WalkSequence, WalkStep } from './walk-sequences.js';

/** What the sequences on one list share: the list, the records a delete was sent for, where windows are. */
export interface ModelListState {
  readonly list: OpenList;
  /** Records a delete was sent for, by any sequence: no walk expects them after, answered or not. */
  readonly doomed: Set<string>;
  /**
   * The sequence each record written to belongs to while it runs: sequences side by side never
   * write to the same record, so each one's writes land where it chose, as they would alone.
   */
  readonly claims: Map<string, symbol>;
  /** The page sizes steps draw from, and the largest the walks ask for without risk (walkPageSize). */
  readonly sizes: readonly number[];
  readonly walkPageSize: number;
  /** The window of the kit's records a walk in `style` starts on. */
  locate(ctx: CheckContext, style: PaginationStyle, pageSize: number): Promise<OwnRecordsWindow>;
  /** Write kinds, styles and sizes the sequences drew, for the check's coverage. */
  readonly drawn: Set<string>;
}

/** A sequence as it ran. */
export interface WalkSequenceRun {
  readonly breach?: ModelBreach;
  readonly steps: readonly string[];
  readonly exchanges: readonly ExchangeRecord[];
  /** Walks judged on at least one record present throughout, by style. */
  readonly judged: readonly PaginationStyle[];
  /** Why a walk was not judged (a budget, a size refused above the maximum), and offset or page walks' repeats. */
  readonly notes: readonly string[];
}

interface OpenWalk {
  readonly name: WalkName;
  readonly style: PaginationStyle;
  readonly window: OpenWindow;
  readonly stepped: SteppedWalk;
  /** The kit's records at the walk's start: those still there at its end were present throughout. */
  readonly startOwn: ReadonlySet<string>;
  pageSize: number;
  /** Pages already judged for their size (the steps see them as they come; finish() fetches more). */
  sized: number;
  isJudged: boolean;
  /** The page sizes it asked for, and whether it went on in another: claimed in coverage once judged. */
  readonly sizes: Set<number>;
  isResized: boolean;
}

/** Runs `sequence` on `state.list`; a breach ends it. Throws a harness error (time-out, lost connection). */
export async function runWalkSequence(
  ctx: CheckContext,
  state: ModelListState,
  sequence: WalkSequence,
): Promise<WalkSequenceRun> {
  const { list } = state;
  const steps: string[] = [];
  const judged: PaginationStyle[] = [];
  const notes: string[] = [];
  const { ctx: own, exchanges } = sequenceContext(ctx);
  const walks = new Map<WalkName, OpenWalk | 'no window'>();
  let current: OpenWalk | undefined;
  const me = Symbol('sequence');

  const open = async (name: WalkName, plan: WalkPlan, pageSize: number): Promise<OpenWalk | 'no window'> => {
    const startOwn = new Set(list.ownIds);
    const window = await state.locate(own, plan.style, pageSize);
    if (window.kind !== 'window') {
      notes.push(`walk ${name} (${plan.style}) of ${list.path} found no window of the kit's records to walk`);
      return 'no window';
    }
    const note = `walk ${name} of a command sequence (${plan.style})`;
    const stepped = steppedWalk((betweenPages) =>
      walkWindow(own, list, window, { style: plan.style, pageSize, note, betweenPages }),
    );
    return {
      name,
      style: plan.style,
      window,
      stepped,
      startOwn,
      pageSize,
      sized: 0,
      isJudged: false,
      sizes: new Set([pageSize]),
      isResized: false,
    };
  };

  // Every page a walk fetched since the last look: a page is no larger than the size it asked for
  // (4.2: limit and per_page are the number of items to return).
  const judgeSizes = (walk: OpenWalk): void => {
    for (const fetched of walk.stepped.pages.slice(walk.sized)) {
      const asked = Number(fetched.query['limit'] ?? fetched.query['per_page']);
      if (fetched.page.ok && Number.isFinite(asked) && fetched.page.ids.length > asked)
        throw new ModelBreach(
          '4.2 (limit, per_page)',
          `walk ${walk.name} (${walk.style}) of ${list.path} asked for ${asked} item(s) a page and got ${fetched.page.ids.length}`,
          `at most ${asked} item(s)`,
          `${fetched.page.ids.length} item(s) at ${fetched.url}`,
          fetched.response.record,
        );
    }
    walk.sized = walk.stepped.pages.length;
  };

  const judgeEnd = async (walk: OpenWalk, finishSize?: number): Promise<void> => {
    walk.isJudged = true;
    const done = await walk.stepped.finish(finishSize);
    judgeSizes(walk);
    const refused = refusedSize(done, state.walkPageSize, walk.isResized);
    if (refused !== undefined) {
      notes.push(`walk ${walk.name} (${walk.style}) of ${list.path} not judged: ${refused}`);
      return;
    }
    if (!isWindowWalked(walk.window, done)) {
      // An offset or page walk that others' writes shift back onto records it listed (4.2/1) is
      // reported; every other hostile end, and any in the cursor style, breaks a rule.
      const isShifted =
        walk.style !== 'cursor' && (done.end.kind === 'revisits-items' || done.end.kind === 'went-back');
      if (isHostileEnd(done.end) && !isShifted) throw breachOfEnd(walk, done, list.path);
      notes.push(`walk ${walk.name} (${walk.style}) of ${list.path} not judged: ${describeWalkEnd(done.end)}`);
      return;
    }
    const present = new Set([...walk.window.expected].filter((id) => list.ownIds.has(id) && !state.doomed.has(id)));
    const expected = expectedIn(walk.window, done, present);
    const judgedIds = new Set([...walk.startOwn, ...list.ownIds].filter((id) => !state.doomed.has(id)));
    const problems = judgeWalkedIds(done.ids, expected, judgedIds);
    // A walk with none of the kit's records present throughout judges nothing but repeats.
    if (expected.size === 0 && problems.repeated.length === 0) {
      notes.push(`walk ${walk.name} (${walk.style}) of ${list.path} had none of the kit's records present throughout`);
      return;
    }
    judged.push(walk.style);
    for (const size of walk.sizes) state.drawn.add(`size ${size}`);
    if (walk.isResized) state.drawn.add(`resize ${walk.style}`);
    if (isWalkExact(problems)) return;
    const what = `walk ${walk.name} (${walk.style}) of ${list.path} ${describeWalkProblems(problems)}`;
    if (walk.style !== 'cursor') {
      // Offset and page walks are not stable while data changes (4.2/1): reported, never a failure.
      notes.push(`${what}, while records were written (4.2/1 allows it in the ${walk.style} style)`);
      return;
    }
    throw new ModelBreach(
      '4.2/2, 4.2/3',
      what,
      'every record present throughout the walk listed exactly once, none twice',
      `repeated: ${listBriefly(problems.repeated) || 'none'}; never listed: ${listBriefly(problems.missing) || 'none'}`,
      done.pages.at(-1)?.response.record,
    );
  };

  const page = async (step: Extract<WalkStep, { kind: 'page' }>): Promise<void> => {
    let walk = walks.get(step.walk);
    if (walk === undefined) {
      const plan = sequence.walks[step.walk];
      walk = await open(step.walk, plan, step.pageSize ?? plan.pageSize);
      walks.set(step.walk, walk);
      state.drawn.add(`style ${plan.style}`);
    }
    if (walk === 'no window') return;
    if (walk.stepped.isOver) {
      steps.push(`walk ${walk.name} has ended; nothing to fetch`);
      return;
    }
    let asked: number | undefined;
    let how = '';
    if (walk.stepped.isStarted && step.pageSize !== undefined && step.pageSize !== walk.pageSize) {
      asked = alignedSize(walk, step.pageSize, state.sizes);
      if (asked === undefined || asked === walk.pageSize) {
        how = ` (kept ${walk.pageSize} a page: no size drawn starts a page where this one would)`;
        asked = undefined;
      } else {
        how = ` in ${asked} item(s) a page from here on`;
        walk.pageSize = asked;
        walk.isResized = true;
        walk.sizes.add(asked);
      }
    }
    const before = walk.stepped.pages.length;
    await walk.stepped.step(asked);
    const fetched = walk.stepped.pages.slice(before);
    steps.push(`walk ${walk.name} (${walk.style}): ${fetched.map(describePage).join('; ') || 'no page'}${how}`);
    current = walk;
    judgeSizes(walk);
    if (walk.stepped.isOver) await judgeEnd(walk);
  };

  const write = async (step: Extract<WalkStep, { kind: 'write' }>): Promise<void> => {
    const firstExchange = ctx.exchanges.length;
    const done = await carryOut(own, state, step.write, step.pick, current?.stepped.pages ?? [], me);
    if (done.made) state.drawn.add(`write ${step.write}`);
    else if (done.method !== undefined) state.drawn.add(`refused ${step.write}`);
    if (done.impossible !== undefined) state.drawn.add(`cannot ${step.write.split('-')[0]!}: ${done.impossible}`);
    // The write went through the list's own context: its exchange joins this sequence's evidence.
    if (done.method !== undefined && done.at !== undefined)
      for (const exchange of ctx.exchanges.slice(firstExchange))
        if (exchange.request.method === done.method && done.at(pathOf(exchange.request.url))) exchanges.push(exchange);
    steps.push(done.text);
  };

  try {
    return await runSteps();
  } finally {
    for (const [id, owner] of state.claims) if (owner === me) state.claims.delete(id);
  }

  // The walks still open go on to their end side by side (they only read), in pages of at least
  // walkPageSize: the drawn steps tried the small sizes, and a long list is not walked item by item.
  // The first breach in step order is the one shown, and the steps after it are dropped.
  async function finishOpenWalks(): Promise<void> {
    const open = [...walks.values()].filter((walk): walk is OpenWalk => walk !== 'no window' && !walk.isJudged);
    const ends = open.map((walk) => {
      const aligned =
        walk.pageSize < state.walkPageSize ? alignedSize(walk, state.walkPageSize, [state.walkPageSize]) : undefined;
      const grows = aligned !== undefined && aligned > walk.pageSize ? aligned : undefined;
      steps.push(
        `walk ${walk.name} (${walk.style}) to its end${grows === undefined ? '' : ` in ${grows} item(s) a page`}`,
      );
      return { walk, step: steps.length - 1, before: walk.stepped.pages.length, grows };
    });
    const settled = await Promise.allSettled(ends.map(({ walk, grows }) => judgeEnd(walk, grows)));
    for (const { walk, step, before } of ends) steps[step] += `: ${describePages(walk.stepped.pages.slice(before))}`;
    for (const [index, end] of settled.entries()) {
      if (end.status === 'fulfilled') continue;
      steps.splice(ends[index]!.step + 1);
      throw end.reason;
    }
  }

  async function runSteps(): Promise<WalkSequenceRun> {
    try {
      for (const step of sequence.steps) {
        if (step.kind === 'page') await page(step);
        else await write(step);
      }
      await finishOpenWalks();
      return { steps, exchanges: [], judged, notes };
    } catch (error) {
      // A walk left open is finished (unpaused), so no request waits for ever.
      for (const walk of walks.values()) if (walk !== 'no window') void walk.stepped.finish().catch(() => undefined);
      if (error instanceof ModelBreach) return { breach: error, steps, exchanges: [...exchanges], judged, notes };
      throw error;
    }
  }
}

/**
 * The size a walk continues in when a step asks for `wanted`: itself where the style can start a
 * page of it where the next one begins; in the page style, else the drawn size nearest it that
 * divides the walk's position (page 3 of 5 is position 10: 2 or 10 a page can go on from there).
 */
function alignedSize(walk: OpenWalk, wanted: number, sizes: readonly number[]): number | undefined {
  if (walk.style !== 'page') return wanted;
  const last = walk.stepped.pages.at(-1);
  if (last === undefined) return wanted;
  const next = { page: Number(last.query['page'] ?? 1) + 1, per_page: walk.pageSize };
  const fits = sizes.filter(
    (size) => size !== walk.pageSize && resizeQuery('page', next, walk.pageSize, size) !== undefined,
  );
  return [...fits].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted))[0];
}

/** One page in a step: its path and query, how many items, which, and whether it said there were more. */
function describePage(fetched: FetchedPage): string {
  const { page } = fetched;
  const at = pathAndQueryOf(fetched.url);
  if (!page.ok) return `GET ${at} → ${fetched.response.status} (${page.reason})`;
  const shown = page.ids.length === 0 ? 'no items' : `${page.ids.length} item(s) [${listBriefly(page.ids, 10)}]`;
  return `GET ${at} → ${shown}, has_more ${page.hasMore}`;
}

/**
 * Why a walk whose last page the list refused with a 4xx is not judged: a size above walkPageSize
 * (the maximum may be lower, 4.2/4), or a walk continued in another size (whether a cursor or an
 * offset may go on in another size is not shown). Undefined for any other end.
 */
function refusedSize(walk: PageWalk, walkPageSize: number, isResized: boolean): string | undefined {
  const last = walk.pages.at(-1);
  if (last === undefined || last.page.ok || walk.end.kind !== 'bad-page') return undefined;
  if (last.response.status < 400 || last.response.status >= 500) return undefined;
  const asked = Number(last.query['limit'] ?? last.query['per_page']);
  if (asked > walkPageSize)
    return `a page of ${asked} items was refused (${last.response.status}): the list's maximum may be lower (4.2/4)`;
  if (isResized)
    return `a page in another size than the walk began with was refused (${last.response.status}): whether a walk may change its size is not shown`;
  return undefined;
}

/** The pages a walk's last step fetched: how many, and the ids of each (at most four pages shown). */
function describePages(pages: readonly FetchedPage[]): string {
  if (pages.length === 0) return 'no more pages';
  const idsOf = (fetched: FetchedPage): string =>
    fetched.page.ok ? `[${listBriefly(fetched.page.ids, 10)}]` : `${fetched.response.status} (${fetched.page.reason})`;
  const shown = pages.slice(0, 4).map(idsOf).join(', ');
  return `${pages.length} more page(s): ${shown}${pages.length > 4 ? `, and ${pages.length - 4} more` : ''}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function pathAndQueryOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

const endRules: Partial<Record<WalkEnd['kind'], string>> = {
  'bad-page': '2, 4.2/5',
  'empty-page-with-more': '4.2/5',
  'missing-cursor': '4.2/5',
  'cursor-cycle': '4.2/2',
  'went-back': '4.2/3',
  'revisits-items': '4.2/3',
};

function breachOfEnd(walk: OpenWalk, done: PageWalk, path: string): ModelBreach {
  const last = done.pages.at(-1);
  return new ModelBreach(
    endRules[done.end.kind] ?? '4.2',
    `walk ${walk.name} (${walk.style}) of ${path}: ${describeWalkEnd(done.end)}`,
    'a page {items, next_cursor, has_more} for every request of a walk, writes between them or not, up to one that says has_more false',
    last === undefined ? describeWalkEnd(done.end) : `${last.response.status} at ${last.url}`,
    last?.response.record,
  );
}
