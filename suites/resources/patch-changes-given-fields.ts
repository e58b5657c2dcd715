import { defineCheck } from '../define-check.js';
import { collectionsOffering, isUndeclaredNotOffered, noCollectionOffers } from '../internal/operations-offered.js';
import { isSuccess } from '../internal/answer-shape.js';
import { createRecord, fillBodyFor } from '../internal/fixtures/create-record.js';
import { patchBodyOf } from '../internal/fixtures/write-bodies.js';
import { describeChangedFields, findChangedFields } from './internal/record-fields.js';
import { isVolatileField } from './internal/volatile-fields.js';
import { failUnlessWritten, readWrittenRecord } from './internal/written-record-views.js';
import { leaveOutRelated } from './internal/related-left-out.js';

// Convention 4.1: PATCH changes some fields; every field not named keeps its value.
export const patchChangesGivenFields = defineCheck({
  id: 'resources.patch-changes-given-fields',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1',
  level: 'normative',
  leavesOpen:
    'Whether a collection offers PATCH (4.1 is a pattern): a 405 is taken as not offered unless collections[].operations lists change.',
  title: 'PATCH changes only the given fields',
  proves:
    'After PATCH the named fields hold the new values and every other field keeps its value, in the response and on a later GET.',
  covers:
    "Every configured collection's members that have a string field to change. Children of related lists are left out: the config gives no PATCH body for them.",
  probes: [
    'a PATCH that drops or resets fields it was not given',
    'a PATCH that does not change the given fields',
    'a PATCH refused',
  ],
  provenBy: ['patch-replaces'],
  async run(ctx) {
    let patched = 0;
    leaveOutRelated(ctx, 'the config gives no PATCH body for a child (resources.auth-required still sends one)');
    const offering = collectionsOffering(ctx, 'change', (collection) => `PATCH ${collection.path}/{id}`);
    if (offering.length === 0) return ctx.skip(noCollectionOffers(ctx, 'change'));
    let refused = 0;
    for (const collection of offering) {
      const label = `PATCH ${collection.path}/{id}`;
      const template = patchBodyOf(collection);
      if (template === undefined) continue;
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const body = fillBodyFor(ctx, created, template);
      const untouched = Object.fromEntries(
        Object.entries(created.record).filter(([key]) => !(key in body) && !isVolatileField(key)),
      );

      const patch = await ctx.request({
        method: 'PATCH',
        path: created.memberPath,
        json: body,
        note: 'change some fields',
      });
      if (isUndeclaredNotOffered(ctx, collection, 'change', label, patch.status)) {
        refused += 1;
        continue;
      }
      ctx.cover(label);
      if (!isSuccess(patch.status)) {
        return ctx.fail(`PATCH ${created.memberPath} answered ${patch.status}; expected 2xx`, {
          expected: '2xx and the fields changed',
          actual: `${patch.status} ${patch.text.slice(0, 120)}`,
          exchanges: [created.response.record, patch.record],
        });
      }
      const written = await readWrittenRecord(ctx, created.memberPath, patch);
      const { read, views } = written;
      const notChanged = failUnlessWritten(ctx, written, body, 'PATCH', [created.response, patch, read]);
      if (notChanged !== undefined) return notChanged;
      for (const { where, record } of views) {
        const lost = findChangedFields(untouched, record);
        if (lost.length > 0) {
          return ctx.fail(
            `PATCH changed fields it was not given, in ${where}: ${describeChangedFields(lost, untouched, record)}`,
            {
              expected: 'fields not in the PATCH body keep their values',
              actual: lost.join(', '),
              exchanges: [created.response.record, patch.record, read.record],
            },
          );
        }
      }
      patched += 1;
    }
    if (patched > 0) return ctx.pass();
    return ctx.skip(
      refused > 0
        ? 'every PATCH answered 405 (Method Not Allowed): no collection offers change'
        : 'no collection has a PATCH body (set "patch" or give the sample a string field)',
    );
  },
});
