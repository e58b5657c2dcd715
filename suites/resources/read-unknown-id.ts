import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { unknownIdLike } from './internal/unknown-id.js';

// Convention 7/1: the outcome is a standard status; a record that does not exist is 404, and so is a
// related collection nested under it (2/3): a 200 with an empty list would say the member exists.
export const readUnknownId = defineCheck({
  id: 'resources.read-unknown-id',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/3, 4.1, 7/1',
  title: 'GET of an unknown id, or of a list nested under one, answers 404',
  proves:
    'A member that does not exist (an id shaped like the target\'s own), and each related list under it, is reported as 404, not as 200, 400 or a 5xx.',
  provenBy: ['get-unknown-id-200', 'nested-list-unknown-parent-200'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      // One real record shows the shape of the target's ids.
      const known = await createRecord(ctx, collection);
      if (!known.ok) return known.outcome;
      const unknownId = unknownIdLike(known.id, ctx.random);
      const paths = [`${collection.path}/${unknownId}`, ...collection.related.map((related) => related.path.replace('{id}', encodeURIComponent(String(unknownId))))];
      for (const path of paths) {
        const response = await ctx.request({ path, note: 'read under an id that does not exist' });
        if (response.status !== 404) {
          return ctx.fail(`GET ${path} answered ${response.status} for an id that does not exist; expected 404`, {
            expected: '404',
            actual: `${response.status}`,
            exchanges: [response.record],
          });
        }
      }
    }
    return ctx.pass();
  },
});
