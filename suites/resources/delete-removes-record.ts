import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { findInList } from '../internal/fixtures/find-in-list.js';
import { describePinned, isSuccessStatus } from './internal/status-policy.js';

// Convention 4.1: DELETE removes the record: it is no longer readable nor listed.
export const deleteRemovesRecord = defineCheck({
  id: 'resources.delete-removes-record',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1',
  title: 'DELETE removes the record: then GET is 404 and the list no longer has it',
  proves: 'DELETE answers 2xx, the member then answers 404, and the record is gone from the collection list.',
  provenBy: ['delete-keeps-record'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
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
      const search = await findInList(ctx, collection.path, collection.idField, created.id);
      if (search.found) {
        return ctx.fail(`the deleted record ${created.id} is still listed in ${collection.path}`, {
          expected: 'a deleted record is not listed',
          actual: `listed on page ${search.pages.length}`,
          exchanges: [removal.record, ...search.pages.slice(-1).map((p) => p.record)],
        });
      }
      if (!search.complete) {
        ctx.info(`${collection.path} is longer than budgets.maxPagesPerWalk pages; the list was searched only that far`);
      }
    }
    return ctx.pass();
  },
});
