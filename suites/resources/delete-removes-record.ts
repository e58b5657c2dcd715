import type { CheckContext, CheckOutcome } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { asRecord } from '../internal/answer-shape.js';
import { findInList, idsOf } from '../internal/fixtures/find-in-list.js';
import { describePinned, isSuccessStatus } from './internal/status-policy.js';

// Convention 4.1: DELETE removes the record: it is no longer readable nor listed.
export const deleteRemovesRecord = defineCheck({
  id: 'resources.delete-removes-record',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1',
  level: 'normative',
  leavesOpen: 'The status of a delete (4.1: not shown): any 2xx; pin resources.deleteStatus.',
  title: 'DELETE removes the record: then GET is 404 and the list no longer has it',
  proves: 'DELETE answers 2xx, the member then answers 404, and the record is gone from the collection list.',
  provenBy: ['delete-keeps-record'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      // "Gone from the list" means something only if the list is a page that shows the record first.
      const before = await findInList(ctx, collection.path, collection.idField, created.id);
      const unjudgeable = whyListCannotShow(ctx, collection.path, before, created.id);
      if (unjudgeable !== undefined) return unjudgeable;
      const removal = await ctx.request({ method: 'DELETE', path: created.memberPath, note: 'delete the record' });
      const pinned = ctx.config.resources.deleteStatus;
      if (!isSuccessStatus(removal.status, pinned)) {
        return ctx.fail(`DELETE ${created.memberPath} answered ${removal.status}; expected ${describePinned(pinned, 'deleteStatus')}`, {
          expected: describePinned(pinned, 'deleteStatus'),
          actual: `${removal.status} ${removal.text.slice(0, 120)}`,
          exchanges: [created.response.record, removal.record],
        });
      }
      ctx.fixtures.untrack(created.memberPath);
      const read = await ctx.request({ path: created.memberPath, note: 'read the deleted record' });
      if (read.status !== 404) {
        ctx.fixtures.track(created.memberPath);
        return ctx.fail(`GET ${created.memberPath} answered ${read.status} after DELETE; expected 404`, {
          expected: '404 after DELETE',
          actual: `${read.status} ${read.text.slice(0, 120)}`,
          exchanges: [created.response.record, removal.record, read.record],
        });
      }
      // The order is stable (4.2/3): the page that listed the record, read again, is where it would be.
      const after = before.afters[before.pages.length - 1];
      const again = await ctx.request({ path: collection.path, query: { after }, note: 'read again the page that listed the deleted record' });
      const items = asRecord(again.json)?.['items'];
      if (again.status !== 200 || !Array.isArray(items)) return blockedByList(ctx, collection.path, again.status);
      if (idsOf(items, collection.idField).includes(created.id)) {
        return ctx.fail(`the deleted record ${created.id} is still listed in ${collection.path}`, {
          expected: 'a deleted record is not listed',
          actual: `listed again on the page read with ${after === undefined ? 'no cursor' : `after=${after}`}`,
          exchanges: [removal.record, again.record],
        });
      }
    }
    return ctx.pass();
  },
});

type ListSearch = Awaited<ReturnType<typeof findInList>>;

// The precondition: the list answers pages, and they show the record just created.
function whyListCannotShow(ctx: CheckContext, path: string, search: ListSearch, id: string | number): CheckOutcome | undefined {
  if (search.badPage !== undefined) return blockedByList(ctx, path, search.badPage.status);
  if (search.found) return undefined;
  if (!search.complete) {
    return ctx.incomplete(`the record ${id} just created was not found in ${path} before the DELETE within budgets.maxPagesPerWalk pages; raise the budget`);
  }
  return ctx.blocked(`the record ${id} just created is not listed in ${path} before the DELETE, so its absence afterwards would prove nothing`);
}

function blockedByList(ctx: CheckContext, path: string, status: number): CheckOutcome {
  return ctx.blocked(
    `GET ${path} did not answer a list page (${status}, or not {items, has_more}), so whether the deleted record is gone from it cannot be judged; see resources.list-answers-with-page`,
    'resources.list-answers-with-page',
  );
}
