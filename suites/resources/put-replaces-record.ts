import { defineCheck } from '../define-check.js';
import { createRecord, fillBodyFor } from '../internal/fixtures/create-record.js';
import { replaceBodyOf } from '../internal/fixtures/write-bodies.js';
import { failUnlessWritten, readWrittenRecord } from './internal/written-record-views.js';
import { leaveOutRelated } from './internal/related-left-out.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';
import { collectionsOffering, isUndeclaredNotOffered, noCollectionOffers } from '../internal/operations-offered.js';

// Convention 4.1: PUT replaces the record. A field left out must not survive with its old value.
export const putReplacesRecord = defineCheck({
  id: 'resources.put-replaces-record',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '4.1',
  level: 'normative',
  leavesOpen:
    'A PUT that leaves a field out (not shown): a 4xx, or success with the field removed or reset; pin resources.putOmittedField. Whether a collection offers PUT (4.1 is a pattern): a 405 is taken as not offered unless collections[].operations lists replace.',
  title: 'PUT replaces the whole record',
  proves:
    'After PUT the record holds the new values, and a field left out of the body is rejected, gone or reset, never kept.',
  covers:
    "Every configured collection's members. Children of related lists are left out: the config gives no whole-record body for them.",
  probes: [
    'a PUT that merges (a field left out is kept)',
    'a PUT refused although the body is whole',
    'a PUT whose answer and later read disagree',
  ],
  provenBy: ['put-merges'],
  async run(ctx) {
    leaveOutRelated(ctx, 'the config gives no PUT body for a child (resources.auth-required still sends one)');
    const offering = collectionsOffering(ctx, 'replace', (collection) => `PUT ${collection.path}/{id}`);
    if (offering.length === 0) return ctx.skip(noCollectionOffers(ctx, 'replace'));
    // Covered in config order once all are answered, whichever answered first.
    const judged = new Set<string>();
    // Side by side: each collection is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(offering, ctx.config.target.concurrency, async (collection) => {
      const label = `PUT ${collection.path}/{id}`;
      const created = await createRecord(ctx, collection);
      if (!created.ok) return created.outcome;
      const template = replaceBodyOf(collection);
      const body = fillBodyFor(ctx, created, template);
      const leftOut = Object.keys(created.sent).filter((key) => !(key in body) && key !== collection.idField);

      const put = await ctx.request({
        method: 'PUT',
        path: created.memberPath,
        json: body,
        note: 'replace the record',
      });
      if (isUndeclaredNotOffered(ctx, collection, 'replace', label, put.status)) return undefined;
      judged.add(collection.name);
      // Only a 4xx is a refusal; a 3xx or 5xx is never an answer to a replace.
      if (
        put.status >= 500 ||
        (put.status >= 300 && put.status <= 399) ||
        (put.status >= 400 && leftOut.length === 0)
      ) {
        return ctx.fail(`PUT ${created.memberPath} with a whole record answered ${put.status}; expected 2xx`, {
          expected: '2xx and the record replaced',
          actual: `${put.status} ${put.text.slice(0, 120)}`,
          exchanges: [created.response.record, put.record],
        });
      }
      const policy = ctx.config.resources.putOmittedField;
      const isRejected = put.status >= 400 && put.status <= 499;
      if (leftOut.length > 0 && policy !== 'either' && isRejected !== (policy === 'reject')) {
        return ctx.fail(
          `PUT ${created.memberPath} without ${leftOut.join(', ')} answered ${put.status}; resources.putOmittedField pins "${policy}"`,
          {
            expected:
              policy === 'reject'
                ? '4xx: a replace needs the whole record'
                : '2xx with the left-out fields removed or reset',
            actual: `${put.status}`,
            exchanges: [created.response.record, put.record],
          },
        );
      }
      if (put.status >= 300) {
        // Rejecting a body that leaves fields out is one correct reading of "replace"; nothing to compare.
        ctx.info(
          `PUT without ${leftOut.join(', ')} was rejected with ${put.status} (accepted: a replace needs the whole record)`,
        );
        return undefined;
      }
      const written = await readWrittenRecord(ctx, created.memberPath, put);
      const { read, views } = written;
      const notReplaced = failUnlessWritten(ctx, written, body, 'PUT', [created.response, put, read]);
      if (notReplaced !== undefined) return notReplaced;
      for (const { where, record } of views) {
        const kept = leftOut.filter(
          (key) => key in record && JSON.stringify(record[key]) === JSON.stringify(created.sent[key]),
        );
        if (kept.length > 0) {
          return ctx.fail(
            `PUT merged instead of replacing: ${kept.map((k) => `"${k}"`).join(', ')} left out of the body kept its old value in ${where}`,
            {
              expected: `${kept.join(', ')} rejected, removed or reset to a default`,
              actual: kept.map((k) => `${k}=${JSON.stringify(record[k])}`).join(', '),
              exchanges: [created.response.record, put.record, read.record],
            },
          );
        }
      }
      return undefined;
    });
    for (const collection of offering) if (judged.has(collection.name)) ctx.cover(`PUT ${collection.path}/{id}`);
    if (verdict !== undefined) return verdict;
    return judged.size > 0
      ? ctx.pass()
      : ctx.skip('every PUT answered 405 (Method Not Allowed): no collection offers replace');
  },
});
