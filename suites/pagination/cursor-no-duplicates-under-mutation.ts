import fc from 'fast-check';
import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { servedWalkPageSize } from './internal/served-walk-page-size.js';
import { walkChartOf } from './internal/walk-chart.js';
import {
  describeMutation,
  fixedMutationRuns,
  mutationsArbitrary,
  type Mutation,
} from './internal/mutation-commands.js';
import type { OpenList } from './internal/open-list.js';
import { describeWalkProblems, isWalkExact } from './internal/page-rules.js';
import { runMutationWalk, type MutationRunTrace, type PoolSize } from './internal/run-mutation-walk.js';
import { notAPageCause } from './internal/not-a-page-cause.js';
import { windowOfOwnRecords, type OwnRecordsWindow } from './internal/own-records-window.js';
import { describeWalkEnd, firstPageQuery, isHostileEnd } from './internal/walk-decision.js';
import { coverWindow, outcomeOfNoWindow } from './internal/walk-window.js';

// Convention 4.2/2: the cursor style is stable while data changes. fast-check generates writes
// between page fetches (inserts, deletes of seen and unseen records, and of the anchor the cursor
// points at) and shrinks a failure to the fewest writes that still break the walk. The first runs
// are fixed ones (fixedMutationRuns), one per known way to break, so fewer runs keep the power.
// A replace (PUT) between pages is a write the record survives: it must still be listed once.
export const cursorNoDuplicatesUnderMutation = defineCheck({
  id: 'pagination.cursor.no-duplicates-under-mutation',
  suite: 'pagination',
  conformanceClass: 'pagination-cursor',
  rule: '4.2/2, 4.2/3',
  level: 'normative',
  leavesOpen: 'The form of a cursor (not shown): opaque; any string that resumes after the last item seen.',
  title: 'A cursor walk lists every record once while records are inserted and deleted',
  proves:
    'Over pagination.propertyRuns runs per list (four fixed, the rest generated), a walk that follows next_cursor while the kit inserts records, deletes seen and unseen ones, deletes the anchor and replaces (PUT) seen and unseen ones never lists a record twice and lists every record present throughout exactly once.',
  covers:
    'cursor walks (next_cursor) of every list that supports after, with inserts and deletes between pages: whole, or over the window of a longer list that holds the kit’s records, found again for each run',
  probes: [
    'a cursor that starts one item too late or too early after its anchor',
    'a cursor that restarts when its anchor record is deleted',
    'a cursor that encodes an offset, so writes shift it',
    'ties in the sort key broken differently on each request',
    'a replace (PUT) that moves a record already listed to the end of the list',
  ],
  provenBy: [
    'cursor-skips-item',
    'cursor-repeats-last-item',
    'cursor-restarts-when-anchor-deleted',
    'cursor-encodes-offset',
    'order-without-tie-breaker',
    'replace-renews-created-at',
  ],
  async run(ctx) {
    // Lists side by side: a cursor walk holds under concurrent writes (4.2/2), whoever makes them.
    return judgeEachList(ctx, ['cursor'], (list) => judgeList(ctx, list), 'tolerant');
  },
});

// Runs made after the first failure while shrinking; past them shrinking stops where it got to,
// so a failing target costs a bounded number of walks.
const shrinkRuns = 25;

async function judgeList(ctx: CheckContext, list: OpenList): Promise<CheckOutcome> {
  const pageSize = ctx.config.pagination.walkPageSize;
  // Three full pages and one item: three gaps between pages for the writes to land in. A list that
  // also lists the records of nested lists holds about as many of each of theirs as of its own (each
  // list's pool is this size): walked in pages that many times larger where the target serves them
  // whole, a run still crosses about three gaps, not twice as many pages with no write in the later ones.
  const walkPageSize = await servedWalkPageSize(ctx, list, 'cursor');
  const pool: PoolSize = { full: 3 * pageSize + 1, floor: 2 * pageSize + 1, pageSize, walkPageSize };
  const failures = new Map<string, MutationRunTrace>();
  let runsAfterFailure = 0;
  let notJudged: string | undefined;
  let setupFailure: CheckOutcome | undefined;
  // fast-check would take a throw for a failing case; a harness error (time-out, lost connection)
  // must end the check as errored instead, so it is kept aside and thrown again afterwards.
  let harnessError: { readonly error: unknown } | undefined;
  // The first exact walk with writes in it: the report draws it, so a pass shows what was judged.
  let shown: MutationRunTrace | undefined;

  // Where each run walks: the whole list while it is short; on a long list (staging data), the
  // window that holds the kit's records, found again each run, as the runs' writes move them.
  let isShort = false;
  let isWindowCovered = false;
  const locate = async (): Promise<OwnRecordsWindow> => {
    if (isShort) {
      return {
        kind: 'window',
        where: 'whole',
        startQuery: firstPageQuery('cursor', walkPageSize),
        expected: list.ownIds,
      };
    }
    const note = 'find where the kit’s records are in the list';
    const window = await windowOfOwnRecords(ctx, list, 'cursor', list.target.styles, walkPageSize, list.ownIds, note);
    isShort = window.kind === 'window' && window.where === 'whole';
    // Found again each run, as the writes move the kit's records: the first run's names it.
    if (window.kind === 'window' && !isWindowCovered) coverWindow(ctx, list, window, 'cursor');
    isWindowCovered ||= window.kind === 'window';
    return window;
  };

  const property = fc.asyncProperty(mutationsArbitrary(3), async (mutations) => {
    const isShrinkBudgetSpent = failures.size > 0 && ++runsAfterFailure > shrinkRuns;
    if (notJudged !== undefined || setupFailure !== undefined || harnessError !== undefined || isShrinkBudgetSpent)
      return true;
    ctx.progress(`${list.path}: run ${failures.size > 0 ? `shrink ${runsAfterFailure}` : 'of the mutation property'}`);
    let trace: Awaited<ReturnType<typeof runMutationWalk>>;
    try {
      trace = await runMutationWalk(ctx, list, pool, mutations, locate);
    } catch (error) {
      harnessError = { error };
      return true;
    }
    if ('noWindow' in trace) {
      setupFailure = outcomeOfNoWindow(ctx, list, trace.noWindow, `cursor walk of ${list.path}`);
      return true;
    }
    if ('failedToPrepare' in trace) {
      setupFailure = ctx.incomplete(
        `${list.path}: could not create the fixture records for the next run of the property`,
      );
      return true;
    }
    if (
      trace.end.kind === 'page-budget' ||
      trace.end.kind === 'request-budget' ||
      trace.end.kind === 'cursor-too-long'
    ) {
      notJudged = `${list.path}: ${describeWalkEnd(trace.end)}${trace.end.kind === 'cursor-too-long' ? '' : '; raise it to judge this list'}`;
      return true;
    }
    const isExact = !isHostileEnd(trace.end) && isWalkExact(trace.problems);
    if (!isExact) failures.set(keyOf(mutations), trace);
    if (isExact && shown === undefined && trace.applied.length > 0) shown = trace;
    return isExact;
  });
  const examples = fixedMutationRuns.map((mutations): [Mutation[]] => [[...mutations]]);
  const details = await fc.check(property, { seed: ctx.seed, numRuns: ctx.config.pagination.propertyRuns, examples });
  if (harnessError !== undefined) throw harnessError.error;

  if (setupFailure !== undefined) return setupFailure;
  if (!details.failed) {
    if (shown !== undefined)
      ctx.chart(walkChartOf(list.path, 'cursor', shown.pages, { writes: describeWrites(shown) }));
    return notJudged === undefined ? ctx.pass() : ctx.incomplete(notJudged);
  }
  const [mutations] = details.counterexample ?? [[]];
  const trace = failures.get(keyOf(mutations));
  if (trace === undefined) {
    return ctx.fail(
      `cursor walk of ${list.path} under mutation failed, but its trace was lost (seed ${details.seed})`,
      {
        counterexample: { mutations: mutations.map(describeMutation) },
        replayPath: details.counterexamplePath ?? undefined,
      },
    );
  }
  const broke = trace.end.kind === 'complete' ? describeWalkProblems(trace.problems) : describeWalkEnd(trace.end);
  const writes = describeWrites(trace);
  return ctx.fail(
    `cursor walk of ${list.path}: ${broke} ${writes.length === 0 ? 'with no writes between pages' : `after: ${writes.join('; ')}`} (found after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s), seed ${details.seed})`,
    {
      expected: 'no record listed twice, and every record present throughout listed exactly once',
      actual: broke,
      exchanges: trace.exchanges,
      counterexample: {
        list: list.path,
        writes,
        pages: trace.pages,
        repeated: trace.problems.repeated,
        missing: trace.problems.missing,
        foundAfterRuns: details.numRuns,
        shrinks: details.numShrinks,
        seed: details.seed,
      },
      replayPath: details.counterexamplePath ?? undefined,
      ...(trace.end.kind === 'bad-page' ? notAPageCause(trace.end, list.target.label) : {}),
    },
  );
}

function describeWrites(trace: MutationRunTrace): string[] {
  return trace.applied.map((a) => `${a.command}${a.id === undefined ? '' : ` → ${a.id}`} (${a.result})`);
}

function keyOf(mutations: readonly Mutation[]): string {
  return JSON.stringify(mutations);
}
