import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { unknownIdLike } from './internal/unknown-id.js';

// Convention 7/1: the outcome is a standard status; a record that does not exist is 404.
export const readUnknownId = defineCheck({
  id: 'resources.read-unknown-id',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1, 7/1',
  title: 'GET of an unknown id answers 404',
  proves: 'A member that does not exist (an id shaped like the target\'s own) is reported as 404, not as 200, 400 or a 5xx.',
  provenBy: ['get-unknown-id-200'],
  async run(ctx) {
    for (const collection of ctx.config.collections) {
      // One real record shows the shape of the target's ids.
      const known = await createRecord(ctx, collection);
      if (!known.ok) return known.outcome;
      const unknownId = unknownIdLike(known.id, ctx.random);
      const path = `${collection.path}/${unknownId}`;
      const response = await ctx.request({ path, note: 'read an id that does not exist' });
      if (response.status !== 404) {
        return ctx.fail(`GET ${path} answered ${response.status} for an id that does not exist; expected 404`, {
          expected: '404',
          actual: `${response.status}`,
          exchanges: [response.record],
        });
      }
    }
    return ctx.pass();
  },
});
