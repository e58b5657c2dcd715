import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeSequences } from '../internal/judge-sequences.js';
import { judgeEachList } from './internal/judge-each-list.js';
import type { PaginationStyle } from './internal/list-targets.js';
import { runWalkSequence, type ModelListState } from './internal/model/run-walk-sequence.js';
import {
  fixedWalkSequences,
  pageSizeDomain,
  walkSequenceArbitrary,
  writeKinds,
  type WalkSequence,
} from './internal/model/walk-sequences.js';
import type { OpenList } from './internal/open-list.js';
import { windowOfOwnRecords, type OwnRecordsWindow } from './internal/own-records-window.js';
import { firstPageQuery } from './internal/walk-decision.js';

// Convention 4.2 judged where operations meet: walks kept open across other commands, in every
// style the list offers and in page sizes drawn across the list, continued in other sizes, two at
// once, with writes of every kind between their pages (creates, deletes of records listed or not and
// of the anchor, PUT, PATCH, and a child created under a record). Fixed sequences first, one per way
// a walk is known to break there; then fast-check's generated ones, a failure shrunk to its fewest steps.
export const modelConsistency = defineCheck({
  id: 'pagination.model-consistency',
  suite: 'pagination',
  conformanceClass: 'pagination-consistency',
  rule: '2, 4.2/1, 4.2/2, 4.2/3, 4.2/5',
  level: 'normative',
  leavesOpen:
    'Whether an offset or page walk repeats or skips records while data changes: 4.2/1 allows it, so it is reported, never failed. Which page sizes above the walks’ own the list serves (4.2/4): a size it refuses with a 4xx ends that walk unjudged.',
  title: 'Walks kept open across writes, in every style and page size, agree with a model of the kit’s records',
  proves:
    'Over three fixed sequences and pagination.modelRuns generated ones of up to pagination.modelSteps steps per list: every answer of a walk is a page {items, next_cursor, has_more}, empty included, with no more items than it asked for, also after it was continued in another page size; a cursor walk lists every record present throughout exactly once, whatever was created, deleted, replaced, changed or given a child between its pages and whatever another walk did meanwhile.',
  covers:
    'the kit’s records on every configured list, walked in each style it offers (whole, or over the window of a longer list that holds them), two walks open at once; the styles, page sizes and write kinds each run drew are listed',
  probes: [
    'a PATCH that renews the sort key, so a record already listed is listed again',
    'a child’s create that renews its parent’s sort key',
    'a cursor that keeps the page size of the page that made it',
    'a walk’s position kept by the server per list instead of in its cursor',
  ],
  provenBy: [
    'patch-moves-record-to-end',
    'child-create-touches-parent',
    'cursor-keeps-first-limit',
    'walk-snapshot-shared-per-list',
  ],
  async run(ctx) {
    // Lists side by side: a cursor walk holds under concurrent writes (4.2/2), whoever makes them;
    // offset and page walks are only reported.
    return judgeEachList(
      ctx,
      ['cursor', 'offset', 'page'],
      (list, styles) => judgeList(ctx, list, styles),
      'tolerant',
      {
        topUp: (list) => list.ensureFixtures(poolSize(ctx)),
      },
    );
  },
});

// Three pages of the walks' size and one more: every walk crosses a few pages, whatever size it draws.
const poolSize = (ctx: CheckContext): number => 3 * ctx.config.pagination.walkPageSize + 1;

async function judgeList(ctx: CheckContext, list: OpenList, styles: readonly PaginationStyle[]): Promise<CheckOutcome> {
  const { walkPageSize, modelRuns, modelSteps } = ctx.config.pagination;
  const state = listState(list, walkPageSize);
  const judged: PaginationStyle[] = [];
  const notes = new Set<string>();
  let stepsRun = 0;
  let sequencesRun = 0;
  const failure = await judgeSequences(ctx, {
    where: `on ${list.path}`,
    fixed: fixedWalkSequences(styles, walkPageSize),
    stepsOf: (sequence: WalkSequence) => sequence.steps,
    withSteps: (sequence, steps) => ({ ...sequence, steps }),
    arbitrary: walkSequenceArbitrary(styles, state.sizes, modelSteps),
    runs: modelRuns,
    run: async (sequence) => {
      const result = await runWalkSequence(ctx, state, sequence);
      stepsRun += result.steps.length;
      sequencesRun += 1;
      judged.push(...result.judged);
      for (const note of result.notes) notes.add(note);
      return result;
    },
    // The runs delete more than they create: the list is topped up before each run made alone.
    beforeAlone: async () => void (await list.ensureFixtures(poolSize(ctx))),
  });
  if (failure !== undefined) return failure;

  ctx.info(`${list.path}: ${stepsRun} steps in ${sequencesRun} sequences (3 fixed, ${modelRuns} generated)`);
  for (const note of [...notes].slice(0, 10)) ctx.info(note);
  if (notes.size > 10) ctx.info(`${notes.size - 10} more note(s) on walks of ${list.path}`);
  coverDrawn(ctx, list, styles, state, judged);
  if (styles.includes('cursor') && !judged.includes('cursor'))
    return ctx.incomplete(`${list.path}: no cursor walk of the sequences was judged on a record present throughout it`);
  if (judged.length === 0) return ctx.incomplete(`${list.path}: no walk of the sequences was judged`);
  return ctx.pass();
}

/** What the sequences on `list` share; a list found short once is walked whole from then on. */
function listState(list: OpenList, walkPageSize: number): ModelListState {
  let isShort = false;
  return {
    list,
    doomed: new Set(),
    claims: new Map(),
    sizes: pageSizeDomain(walkPageSize, 2 * walkPageSize),
    walkPageSize,
    drawn: new Set(),
    async locate(ctx, style, pageSize): Promise<OwnRecordsWindow> {
      const own = new Set(list.ownIds);
      if (isShort)
        return { kind: 'window', where: 'whole', startQuery: firstPageQuery(style, pageSize), expected: own };
      const note = 'find where the kit’s records are in the list';
      const window = await windowOfOwnRecords(ctx, list, style, list.target.styles, pageSize, own, note);
      isShort = window.kind === 'window' && window.where === 'whole';
      return window;
    },
  };
}

// The domain the sequences drew from on this list, and what they left out.
function coverDrawn(
  ctx: CheckContext,
  list: OpenList,
  styles: readonly PaginationStyle[],
  state: ModelListState,
  judged: readonly PaginationStyle[],
): void {
  const label = list.target.label;
  for (const style of styles) {
    if (judged.includes(style)) ctx.cover(`GET ${label}: ${style} walks kept open across writes`);
    else ctx.leaveOut(`GET ${label}: ${style} walks kept open across writes`, 'no walk in this style was judged');
  }
  const domain = [
    ...writeKinds.map((kind) => [`write ${kind}`, `GET ${label}: writes between pages, ${kind}`] as const),
    ...state.sizes.map((size) => [`size ${size}`, `GET ${label}: ${size} item(s) a page`] as const),
    ...styles.map(
      (style) =>
        [
          `resize ${style}`,
          `GET ${label}: ${style === 'offset' ? 'an' : 'a'} ${style} walk continued in another page size`,
        ] as const,
    ),
  ];
  const cannot = [...state.drawn].filter((key) => key.startsWith('cannot '));
  for (const [key, what] of domain) {
    const verb = key.replace(/^write (\w+)-.*$/, '$1');
    const impossible = cannot.find((reason) => reason.startsWith(`cannot ${verb}: `));
    if (state.drawn.has(key)) ctx.cover(what);
    else if (impossible !== undefined) ctx.leaveOut(what, impossible.replace(/^cannot \w+: /, ''));
    else if (state.drawn.has(key.replace(/^write /, 'refused ')))
      ctx.leaveOut(what, 'every write of this kind was refused or failed: none was made between pages');
    else
      ctx.leaveOut(
        what,
        `not drawn, or not judged, in this seed's sequences (seed ${ctx.seed}); more pagination.modelRuns may draw it`,
      );
  }
}
