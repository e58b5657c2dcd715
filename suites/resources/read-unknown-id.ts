import type { TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { asRecord, isSuccess } from '../internal/answer-shape.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { unknownIdLike } from './internal/unknown-id.js';

// Convention 7/1: the outcome is a standard status; a record that does not exist is 404. A list
// nested under such an id (2/3) may answer 404, another 4xx or an empty page (7/3 leaves the mapping
// open), so that part is pinned only by resources.unknownParentList "404"; rows there would leak.
export const readUnknownId = defineCheck({
  id: 'resources.read-unknown-id',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/3, 4.1, 7/1',
  level: 'normative',
  leavesOpen: 'A list nested under a parent that does not exist (7/3: the mapping of conditions to status codes is not shown): a 4xx or an empty page; pin resources.unknownParentList "404".',
  title: 'GET of an unknown id answers 404, and a list nested under one lists nothing',
  proves:
    'A member that does not exist (an id shaped like the target\'s own) is reported as 404, not as 200, 400 or a 5xx; each related list under it answers a 4xx or an empty page (404 once pinned).',
  provenBy: ['get-unknown-id-200'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      // One real record shows the shape of the target's ids.
      const known = await createRecord(ctx, collection);
      if (!known.ok) return known.outcome;
      const unknownId = unknownIdLike(known.id, ctx.random);
      const member = `${collection.path}/${unknownId}`;
      const nested = collection.related.map((related) => related.path.replace('{id}', encodeURIComponent(String(unknownId))));
      for (const path of [member, ...nested]) {
        const response = await ctx.request({ path, note: 'read under an id that does not exist' });
        const strict = path === member || ctx.config.resources.unknownParentList === '404';
        if (response.status === 404 || (!strict && isNoList(response))) continue;
        const expected = strict ? '404' : 'a 4xx or an empty list page (resources.unknownParentList "either")';
        return ctx.fail(`GET ${path} answered ${response.status} for an id that does not exist; expected ${expected}`, {
          expected,
          actual: `${response.status} ${response.text.slice(0, 120)}`,
          exchanges: [response.record],
        });
      }
    }
    return ctx.pass();
  },
});

// A 4xx, or a page with no items: nothing listed under a parent that does not exist.
function isNoList(response: TargetResponse): boolean {
  if (response.status >= 400 && response.status <= 499) return true;
  const items = asRecord(response.json)?.['items'];
  return isSuccess(response.status) && Array.isArray(items) && items.length === 0;
}
