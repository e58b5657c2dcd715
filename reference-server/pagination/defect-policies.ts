// Maps the active defect switches onto the pagination knobs; with none, the clean behaviour.
import type { DefectName } from '../defects.js';
import { cleanListBehaviour, type ListBehaviour } from './list-behaviour.js';
import { cleanPageParamPolicy, type PageParamPolicy } from './parse-page-params.js';

export function pageParamPolicyFor(defects: ReadonlySet<DefectName>): PageParamPolicy {
  return {
    ...cleanPageParamPolicy,
    defaultPageSize: defects.has('no-default-page-size')
      ? Number.POSITIVE_INFINITY
      : cleanPageParamPolicy.defaultPageSize,
    maxPageSize: defects.has('no-max-page-size') ? Number.MAX_SAFE_INTEGER : cleanPageParamPolicy.maxPageSize,
    overMax: defects.has('over-max-rejected') ? 'reject' : 'clamp',
    firstPage: defects.has('zero-based-pages') ? 0 : 1,
    laterPageShift: defects.has('offset-page-mismatch') ? 1 : 0,
    ignoresLimit: defects.has('limit-ignored'),
    ignoresPerPage: defects.has('per-page-ignored'),
  };
}

export function listBehaviourFor(defects: ReadonlySet<DefectName>): ListBehaviour {
  return {
    cursorStart: cursorStartFor(defects),
    cursorCodec: defects.has('cursor-encodes-offset') ? 'offset' : cleanListBehaviour.cursorCodec,
    hasMore: defects.has('has-more-wrong-on-full-last-page') ? 'full-page' : cleanListBehaviour.hasMore,
    nextCursor: defects.has('cursor-cycle') ? 'back-to-first-page' : cleanListBehaviour.nextCursor,
    afterEnd: defects.has('empty-pages-forever') ? 'empty-pages-forever' : cleanListBehaviour.afterEnd,
    lastPageCursor: defects.has('last-page-cursor-absent') ? 'absent' : cleanListBehaviour.lastPageCursor,
  };
}

function cursorStartFor(defects: ReadonlySet<DefectName>): ListBehaviour['cursorStart'] {
  if (defects.has('cursor-skips-item')) return 'skip-one';
  if (defects.has('cursor-repeats-last-item')) return 'include-anchor';
  if (defects.has('cursor-restarts-when-anchor-deleted')) return 'restart-if-anchor-missing';
  if (defects.has('order-without-tie-breaker')) return 'position-in-view';
  return cleanListBehaviour.cursorStart;
}
