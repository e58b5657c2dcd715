import { defineCheck } from '../define-check.js';
import { createRecord } from '../internal/fixtures/create-record.js';
import { nestedPath } from '../internal/fixtures/create-child.js';
import { asRecord, isSuccess } from '../internal/answer-shape.js';
import { describeAnswer } from './internal/describe-answer.js';
import { unknownIdLike } from './internal/unknown-id.js';
import { classifyUnknownParentList } from './internal/unknown-parent-list.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';

// Convention 7/1: the outcome is a standard status, so a record that does not exist is never a 200
// or a 5xx; which 4xx is left open (7/3), so 404 or 410 pass and another 4xx (a 403 that hides
// existence, a 400 from an id validator) passes with advice. A list nested under such an id (2/3) may
// answer a 4xx or an empty page, pinned by resources.unknownParentList "404"; rows there would leak.
// An empty list that is not a page leaks nothing: its shape is another check's to fail (issue 35, row 7).
export const readUnknownId = defineCheck({
  id: 'resources.read-unknown-id',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/3, 4.1, 7/1',
  level: 'normative',
  leavesOpen:
    'Which 4xx reports an unknown member (7/3: the mapping of conditions to status codes is not shown): 404 or 410; another 4xx passes with advice. A list nested under a parent that does not exist: a 4xx or an empty page (an empty list that is no page, a bare [], passes with a note: its shape is resources.list-answers-with-page\'s to fail); pin resources.unknownParentList "404".',
  title: 'GET of an unknown id answers a 4xx (404 advised), and a list nested under one lists nothing',
  proves:
    "A member that does not exist (an id shaped like the target's own) is reported with a 4xx, never a 200 or a 5xx (another 4xx than 404 or 410 is advice); each related list under it answers a 4xx or an empty page (404 once pinned).",
  covers: 'Every configured collection: an unknown member, and each related list under that unknown member.',
  probes: [
    'a 200 for an id that does not exist',
    'a 5xx for an id that does not exist',
    'a related list under an unknown member that lists something',
  ],
  provenBy: ['get-unknown-id-200', 'unknown-id-403'],
  async run(ctx) {
    // Side by side: each collection is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(
      ctx.config.collections,
      ctx.config.target.concurrency,
      async (collection) => {
        ctx.cover(`GET ${collection.path}/{id}`);
        // One real record shows the shape of the target's ids.
        const known = await createRecord(ctx, collection);
        if (!known.ok) return known.outcome;
        const unknownId = unknownIdLike(known.id, ctx.random);
        const member = `${collection.path}/${unknownId}`;
        // Each nested list with its path as configured, for coverage and findings: the unknown id differs per run.
        const nested = collection.related.map((related) => ({
          path: nestedPath(related, unknownId),
          label: related.path,
          underKnown: nestedPath(related, known.id),
        }));
        for (const { path, label, underKnown } of [{ path: member, label: member }, ...nested]) {
          const response = await ctx.request({ path, note: 'read under an id that does not exist' });
          if (path === member && isClientError(response.status)) {
            if (response.status !== 404 && response.status !== 410) {
              ctx.advise(
                `GET ${path} answered ${response.status} for an id that does not exist; 404 says plainly that the record does not exist`,
              );
            }
            continue;
          }
          if (path !== member) ctx.cover(`GET ${label} under an unknown parent: answered ${describeAnswer(response)}`);
          const strict = path !== member && ctx.config.resources.unknownParentList === '404';
          const answer = classifyUnknownParentList(response.status, response.json);
          if (response.status === 404 || (path !== member && !strict && answer !== 'listed')) {
            if (answer === 'empty-not-a-page' && underKnown !== undefined) {
              // Excused only when the list is no page under a real parent either: then that is the
              // one cause, resources.list-answers-with-page's to fail. A list that pages under a real
              // parent and answers something else under an unknown one breaks its own envelope here.
              const real = await ctx.request({ path: underKnown, note: 'the same list under a parent that exists' });
              if (isSuccess(real.status) && Array.isArray(asRecord(real.json)?.['items']))
                return ctx.fail(
                  `GET ${path} answered ${response.status} with an empty list that is not a page, while under a parent that exists ${label} answers a page; expected a 4xx or an empty list page`,
                  {
                    expected: 'a 4xx or an empty list page {items: [], has_more: false}',
                    actual: `${response.status} ${response.text.slice(0, 120)}`,
                    exchanges: [response.record, real.record],
                  },
                );
              ctx.info(
                `GET ${label} under an unknown parent answered ${response.status} with an empty list that is not a page, as it answers under a parent that exists: nothing listed, as this rule asks; the page envelope is resources.list-answers-with-page's to judge`,
              );
            }
            continue;
          }
          const expected =
            path === member
              ? 'a 4xx (404 or 410 advised)'
              : strict
                ? '404'
                : 'a 4xx or an empty list page (resources.unknownParentList "either")';
          return ctx.fail(
            `GET ${path} answered ${response.status} for an id that does not exist; expected ${expected}`,
            {
              expected,
              actual: `${response.status} ${response.text.slice(0, 120)}`,
              exchanges: [response.record],
            },
          );
        }
        return undefined;
      },
    );
    return verdict ?? ctx.pass();
  },
});

function isClientError(status: number): boolean {
  return status >= 400 && status <= 499;
}
