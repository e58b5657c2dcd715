import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { judgeNumberedWalk } from './internal/judge-numbered-walk.js';

// Convention 4.2: page is 1-based; walked from page=1 while nothing changes, pages list every
// record once. While data changes they may repeat or skip: reported as information only.
export const pageWalkComplete = defineCheck({
  id: 'pagination.page.walk-complete',
  suite: 'pagination',
  conformanceClass: 'pagination-page',
  rule: '4.2 (page), 4.2/1, 4.2/3',
  level: 'normative',
  leavesOpen:
    'Page walks are not stable while data changes (4.2/1): repeats or gaps under writes are information, never a failure.',
  title: 'A page-number walk from page=1 lists every record exactly once and honours per_page',
  proves:
    'Walking each list with page=1,2,3…&per_page=n lists each of the kit’s records exactly once with at most n per page (so page numbers are 1-based); instability under concurrent inserts and deletes is reported as information.',
  covers:
    'page/per_page walks of every list that supports page, while nothing changes (and, as information, under writes): whole, or over the window of a longer list that holds the kit’s records (its head or its tail)',
  probes: [
    'page numbers counted from 0, so the first page is skipped',
    'per_page ignored: pages larger than asked',
    'a record listed twice or never while nothing changes',
  ],
  provenBy: ['zero-based-pages', 'per-page-ignored', 'offset-page-mismatch'],
  async run(ctx) {
    return judgeEachList(ctx, ['page'], (list) => judgeNumberedWalk(ctx, list, 'page'), 'writes-own-list');
  },
});
