// The pagination suite: section 4.2 of the convention, on every configured list, in the order they
// run. First the checks that only read, side by side, on lists topped up to three pages
// (readerFixtureCount); then, one at a time, the checks that write: the walks under mutation, the
// walks kept open across writes (model-consistency), then page-size-bounds, which needs the most
// records (the suite's checks share the kit's records, so it grows the lists last); then the deep cursor pages, reached in pages of the maximum it found; last
// the explored queries, which explore the sizes around the bounds page-size-bounds found.
import type { Check } from '../define-check.js';
import { cursorDeepPagesCostTheSame } from './cursor-deep-pages-cost-the-same.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { cursorWalkTerminates } from './cursor-walk-terminates.js';
import { exploredQueries } from './explored-queries.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { invalidParams } from './invalid-params.js';
import { modelConsistency } from './model-consistency.js';
import { offsetWalkComplete } from './offset-walk-complete.js';
import { pageMatchesOffset } from './page-matches-offset.js';
import { pageSizeBounds } from './page-size-bounds.js';
import { pageWalkComplete } from './page-walk-complete.js';
import { sameParametersOnEveryList } from './same-parameters-on-every-list.js';
import { stableOrder } from './stable-order.js';
import { walkWithinBudget } from './walk-within-budget.js';

export const paginationChecks: readonly Check[] = [
  sameParametersOnEveryList,
  invalidParams,
  cursorWalkTerminates,
  walkWithinBudget,
  hasMoreAccurate,
  pageMatchesOffset,
  stableOrder,
  offsetWalkComplete,
  pageWalkComplete,
  cursorNoDuplicatesUnderMutation,
  modelConsistency,
  pageSizeBounds,
  cursorDeepPagesCostTheSame,
  exploredQueries,
];

/**
 * The checks that write to the lists, or read what a check before them wrote (explored-queries reads
 * the bounds page-size-bounds found): each runs by itself (SuiteDefinition.checksAlone). The others
 * only read (judgeEachList's 'reads-only').
 */
export const paginationChecksAlone: readonly string[] = [
  offsetWalkComplete.id,
  pageWalkComplete.id,
  cursorNoDuplicatesUnderMutation.id,
  modelConsistency.id,
  cursorDeepPagesCostTheSame.id,
  pageSizeBounds.id,
  exploredQueries.id,
];
