// The pagination suite: section 4.2 of the convention, on every configured list, in the order they
// run: cheap shape checks first, then the property-based walk, then the checks that need many
// records (the suite's checks share the kit's records, so those grow the lists last, the one that
// walks to the end of each list before the one that needs the most); last the explored queries,
// which explore the sizes around the bounds page-size-bounds found.
import type { Check } from '../define-check.js';
import { cursorDeepPagesCostTheSame } from './cursor-deep-pages-cost-the-same.js';
import { cursorNoDuplicatesUnderMutation } from './cursor-no-duplicates-under-mutation.js';
import { cursorWalkTerminates } from './cursor-walk-terminates.js';
import { exploredQueries } from './explored-queries.js';
import { hasMoreAccurate } from './has-more-accurate.js';
import { invalidParams } from './invalid-params.js';
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
  offsetWalkComplete,
  pageWalkComplete,
  pageMatchesOffset,
  stableOrder,
  cursorNoDuplicatesUnderMutation,
  cursorDeepPagesCostTheSame,
  pageSizeBounds,
  exploredQueries,
];
