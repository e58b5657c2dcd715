import { defineCheck } from '../define-check.js';
import { asRecord } from '../internal/answer-shape.js';
import { createInList } from '../internal/fixtures/create-in-list.js';
import { surfaceInventory } from '../internal/surface-inventory.js';
import { describeChangedFields, findChangedFields } from './internal/record-fields.js';
import { isSuccessStatus } from './internal/status-policy.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';

// Convention 4.1: POST /{collection} creates, GET /{collection}/{id} returns that record.
export const createThenRead = defineCheck({
  id: 'resources.create-then-read',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/2, 4.1',
  level: 'normative',
  leavesOpen:
    'The status of a create (4.1: not shown): any 2xx; pin resources.createStatus. Fields the target adds (timestamps, links): accepted.',
  title: 'A created record is returned and readable at /{collection}/{id}',
  proves:
    'On every collection and related list, POST answers 2xx with the record and its identifier, and GET of that id returns the fields as created.',
  covers:
    'Every configured list: POST of its sample to each collection, and of a child to each related list (under a parent the kit creates), then GET of the new member.',
  probes: [
    'a create that is not a 2xx (or not the pinned status)',
    'a created record that differs from the body sent',
    'a created record that cannot be read back',
    'a record read back that differs from the one created',
  ],
  provenBy: ['create-not-persisted', 'nested-create-rounds-total'],
  async run(ctx) {
    // Side by side: each list is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(
      surfaceInventory(ctx.config).lists,
      ctx.config.target.concurrency,
      async (list) => {
        const made = await createInList(ctx, list);
        if (!made.ok) return made.outcome;
        const { created } = made;
        const path = made.postPath;
        const idField = list.idField;
        ctx.cover(`POST ${list.related === undefined ? path : list.label}`);
        const pinned = ctx.config.resources.createStatus;
        if (!isSuccessStatus(created.response.status, pinned)) {
          return ctx.fail(`POST ${path} answered ${created.response.status}; resources.createStatus pins ${pinned}`, {
            expected: `${pinned} (pinned by resources.createStatus)`,
            actual: `${created.response.status}`,
            exchanges: [created.response.record],
          });
        }
        const changedOnCreate = findChangedFields(created.sent, created.record);
        if (changedOnCreate.length > 0) {
          return ctx.fail(
            `POST ${path} answered a record that differs from the body sent: ${describeChangedFields(changedOnCreate, created.sent, created.record)}`,
            {
              expected: 'the created record holds the fields sent',
              actual: changedOnCreate.join(', '),
              exchanges: [created.response.record],
            },
          );
        }
        const read = await ctx.request({ path: created.memberPath, note: 'read the record just created' });
        const record = asRecord(read.json);
        if (read.status !== 200 || record === undefined) {
          return ctx.fail(
            `GET ${created.memberPath} answered ${read.status} right after the create; expected 200 with the record`,
            {
              expected: '200 with the created record',
              actual: `${read.status} ${read.text.slice(0, 120)}`,
              exchanges: [created.response.record, read.record],
            },
          );
        }
        const changed = findChangedFields({ ...created.sent, [idField]: created.id }, record);
        if (changed.length > 0) {
          return ctx.fail(
            `GET ${created.memberPath} does not return the record as created: ${describeChangedFields(changed, { ...created.sent, [idField]: created.id }, record)}`,
            {
              expected: 'the fields as created',
              actual: changed.join(', '),
              exchanges: [created.response.record, read.record],
            },
          );
        }
        return undefined;
      },
    );
    return verdict ?? ctx.pass();
  },
});
