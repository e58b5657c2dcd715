import { defineCheck } from '../define-check.js';
import { judgeEachList } from './internal/judge-each-list.js';
import { judgeNumberedWalk } from './internal/judge-numbered-walk.js';

// Convention 4.2/1 and 4.2/3: limit/offset pages, walked while nothing changes, list every record
// once. While data changes they may repeat or skip: reported as information only.
export const offsetWalkComplete = defineCheck({
  id: 'pagination.offset.walk-complete',
  suite: 'pagination',
  conformanceClass: 'pagination-offset',
  rule: '4.2/1, 4.2/3',
  level: 'normative',
  leavesOpen:
    'Offset walks are not stable while data changes (4.2/1): repeats or gaps under writes are information, never a failure.',
  title: 'An offset walk lists every record exactly once and honours limit',
  proves:
    'Walking each list with offset=0,n,2n…&limit=n lists each of the kit’s records exactly once with at most n per page; instability under concurrent inserts and deletes is reported as information.',
  covers:
    'limit/offset walks of every list that supports offset, while nothing changes (and, as information, under writes): whole, or over the window of a longer list that holds the kit’s records (its head or its tail)',
  probes: ['limit ignored: pages larger than asked', 'a record listed twice or never while nothing changes'],
  provenBy: ['limit-ignored'],
  async run(ctx) {
    return judgeEachList(ctx, ['offset'], (list) => judgeNumberedWalk(ctx, list, 'offset'), 'writes-own-list');
  },
});
