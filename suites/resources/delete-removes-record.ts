import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createInList } from '../internal/fixtures/create-in-list.js';
import { surfaceInventory, type ListTarget } from '../internal/surface-inventory.js';
import { declaredNotOffered, isOffered, isUndeclaredNotOffered } from '../internal/operations-offered.js';
import { asRecord } from '../internal/answer-shape.js';
import { findInList, idsOf } from '../internal/fixtures/find-in-list.js';
import { describePinned, isSuccessStatus } from './internal/status-policy.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';

// Convention 4.1: DELETE removes the record: it is no longer readable nor listed.
export const deleteRemovesRecord = defineCheck({
  id: 'resources.delete-removes-record',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1',
  level: 'normative',
  leavesOpen:
    'The status of a delete (4.1: not shown): any 2xx; pin resources.deleteStatus. A deleted member then answers 404 or 410; another 4xx passes with advice (7/3 leaves the mapping open). Whether a collection offers DELETE (4.1 is a pattern): a 405 is taken as not offered unless collections[].operations lists delete.',
  title: 'DELETE removes the record: then GET is a 4xx (404 or 410) and the list no longer has it',
  proves:
    'On every collection and related list, DELETE answers 2xx, the member then answers a 4xx (another than 404 or 410 is advice), and the record is gone from its list.',
  covers:
    "Every configured list's members: a record of each collection and a child of each related list, and the list after the delete.",
  probes: [
    'a DELETE that is not a 2xx (or not the pinned status)',
    'a deleted record still readable',
    'a deleted record still listed',
  ],
  provenBy: ['delete-keeps-record', 'unknown-id-403', 'deleted-child-still-nested'],
  async run(ctx) {
    const label = (list: ListTarget) =>
      `DELETE ${list.related === undefined ? `${list.label}/{id}` : list.related.memberPath}`;
    const offering = surfaceInventory(ctx.config).lists.filter((list) => {
      if (isOffered(list.related ?? list.collection, 'delete')) return true;
      const parent = list.related === undefined ? undefined : list.collection;
      ctx.leaveOut(label(list), declaredNotOffered(list.related ?? list.collection, 'delete', parent));
      return false;
    });
    if (offering.length === 0) return ctx.skip('no list offers delete: collections[].operations leave it out');
    // Covered in config order once all are answered, whichever answered first.
    const judged = new Set<ListTarget>();
    // Side by side: each list is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(offering, ctx.config.target.concurrency, async (list) => {
      const made = await createInList(ctx, list);
      if (!made.ok) return made.outcome;
      const { created, listPath } = made;
      const idField = list.idField;
      // "Gone from the list" means something only if the list is a page that shows the record first.
      const before = await findInList(ctx, listPath, idField, created.id, list.styles.includes('offset'));
      const unjudgeable = whyListCannotShow(ctx, listPath, before, created.id);
      if (unjudgeable !== undefined) return unjudgeable;
      const removal = await ctx.request({ method: 'DELETE', path: created.memberPath, note: 'delete the record' });
      const parent = list.related === undefined ? undefined : list.collection;
      if (isUndeclaredNotOffered(ctx, list.related ?? list.collection, 'delete', label(list), removal.status, parent))
        return undefined;
      judged.add(list);
      const pinned = ctx.config.resources.deleteStatus;
      if (!isSuccessStatus(removal.status, pinned)) {
        return ctx.fail(
          `DELETE ${created.memberPath} answered ${removal.status}; expected ${describePinned(pinned, 'deleteStatus')}`,
          {
            expected: describePinned(pinned, 'deleteStatus'),
            actual: `${removal.status} ${removal.text.slice(0, 120)}`,
            exchanges: [created.response.record, removal.record],
          },
        );
      }
      ctx.fixtures.untrack(created.memberPath);
      const read = await ctx.request({ path: created.memberPath, note: 'read the deleted record' });
      // 404 Not Found or 410 Gone say the record is no more; another 4xx (a 403 that hides whether
      // records exist) passes with advice, since 7/3 leaves the mapping open and the list must still
      // prove it gone below.
      if (read.status >= 400 && read.status <= 499 && read.status !== 404 && read.status !== 410) {
        ctx.advise(
          `GET ${created.memberPath} answered ${read.status} after DELETE; 404 or 410 says plainly that the record is gone`,
        );
      } else if (read.status !== 404 && read.status !== 410) {
        ctx.fixtures.track(created.memberPath);
        return ctx.fail(`GET ${created.memberPath} answered ${read.status} after DELETE; expected a 4xx (404 or 410)`, {
          expected: 'a 4xx after DELETE (404 or 410)',
          actual: `${read.status} ${read.text.slice(0, 120)}`,
          exchanges: [created.response.record, removal.record, read.record],
        });
      }
      // The order is stable (4.2/3): the page that listed the record, read again, is where it would be.
      const after = before.afters[before.pages.length - 1];
      const again = await ctx.request({
        path: listPath,
        query: { after },
        note: 'read again the page that listed the deleted record',
      });
      const items = asRecord(again.json)?.['items'];
      if (again.status !== 200 || !Array.isArray(items)) return blockedByList(ctx, listPath, again.status);
      if (idsOf(items, idField).includes(created.id)) {
        return ctx.fail(`the deleted record ${created.id} is still listed in ${listPath}`, {
          expected: 'a deleted record is not listed',
          actual: `listed again on the page read with ${after === undefined ? 'no cursor' : `after=${after}`}`,
          exchanges: [removal.record, again.record],
        });
      }
      return undefined;
    });
    for (const list of offering) if (judged.has(list)) ctx.cover(label(list));
    if (verdict !== undefined) return verdict;
    return judged.size > 0
      ? ctx.pass()
      : ctx.skip('every DELETE answered 405 (Method Not Allowed): no list offers delete');
  },
});

type ListSearch = Awaited<ReturnType<typeof findInList>>;

// The precondition: the list answers pages, and they show the record just created.
function whyListCannotShow(
  ctx: CheckContext,
  path: string,
  search: ListSearch,
  id: string | number,
): CheckOutcome | undefined {
  if (search.badPage !== undefined) return blockedByList(ctx, path, search.badPage.status);
  if (search.found) return undefined;
  if (!search.complete) {
    return ctx.incomplete(
      `the record ${id} just created was not found in ${path} before the DELETE within budgets.maxPagesPerWalk pages; raise the budget`,
    );
  }
  return ctx.blocked(
    `the record ${id} just created is not listed in ${path} before the DELETE, so its absence afterwards would prove nothing`,
  );
}

function blockedByList(ctx: CheckContext, path: string, status: number): CheckOutcome {
  return ctx.blocked(
    `GET ${path} did not answer a list page (${status}, or not {items, has_more}), so whether the deleted record is gone from it cannot be judged; see resources.list-answers-with-page`,
    'resources.list-answers-with-page',
  );
}
