import type { CheckContext, TargetRequest, TargetResponse } from '../../harness/check-api/check-context.js';
import { defineCheck } from '../define-check.js';
import { asRecord } from '../internal/answer-shape.js';
import { createRecord, fillBodyFor } from '../internal/fixtures/create-record.js';
import { patchBodyOf, replaceBodyOf } from '../internal/fixtures/write-bodies.js';
import { describeChangedFields, findChangedFields } from './internal/record-fields.js';
import { describePinned, isRefusedStatus } from './internal/status-policy.js';

// Convention 5/1: each request carries its own credential. Without it, or with a wrong one, every
// resource operation is refused (401 or 403) and changes nothing.
export const authRequired = defineCheck({
  id: 'resources.auth-required',
  suite: 'resources',
  conformanceClass: 'resources-auth',
  rule: '5/1, 5/2',
  level: 'normative',
  leavesOpen: 'The kind of token and its header (5/2: not shown): target.auth. The status of a refusal: 401 or 403; pin resources.refusedStatus.',
  title: 'Every resource operation without a valid credential is refused and changes nothing',
  proves: 'List, create, read, replace, change and delete answer 401/403 without the credential and with a wrong one, and the record is left as it was.',
  provenBy: ['auth-not-enforced', 'wrong-token-accepted'],
  async run(ctx) {
    const collection = ctx.config.collections[0];
    if (collection === undefined) return ctx.skip('no collections are configured');
    const created = await createRecord(ctx, collection);
    if (!created.ok) return created.outcome;
    const before = await ctx.request({ path: created.memberPath, note: 'read the record before unauthenticated writes' });
    const snapshot = asRecord(before.json);
    if (before.status !== 200 || snapshot === undefined) {
      return ctx.fail(`GET ${created.memberPath} answered ${before.status} right after the create; refused writes cannot be judged`, {
        expected: '200 with the record just created',
        actual: `${before.status}`,
        exchanges: [created.response.record, before.record],
      });
    }

    const replaceBody = fillBodyFor(ctx, created, replaceBodyOf(collection));
    const patchBody = fillBodyFor(ctx, created, patchBodyOf(collection) ?? {});
    const operations: readonly TargetRequest[] = [
      { method: 'GET', path: collection.path, note: 'list' },
      { method: 'POST', path: collection.path, json: created.sent, note: 'create' },
      { method: 'GET', path: created.memberPath, note: 'read' },
      { method: 'PUT', path: created.memberPath, json: replaceBody, note: 'replace' },
      { method: 'PATCH', path: created.memberPath, json: patchBody, note: 'change' },
      { method: 'DELETE', path: created.memberPath, note: 'delete' },
    ];
    for (const credential of ['none', 'wrong'] as const) {
      for (const operation of operations) {
        const label = credential === 'none' ? 'without a credential' : 'with a wrong credential';
        const response = await ctx.request({ ...operation, credential, note: `${operation.note} ${label}` });
        const pinned = ctx.config.resources.refusedStatus;
        if (!isRefusedStatus(response.status, pinned)) {
          const expected = pinned === 'either' ? '401 or 403' : describePinned(pinned, 'refusedStatus');
          return ctx.fail(`${operation.method} ${operation.path} ${label} answered ${response.status}; expected ${expected}`, {
            expected,
            actual: `${response.status}`,
            exchanges: [response.record],
          });
        }
        const changed = await recordChanged(ctx, created.memberPath, snapshot);
        if (changed !== undefined) {
          return ctx.fail(`${operation.method} ${operation.path} ${label} was refused but changed the record: ${changed.summary}`, {
            expected: 'a refused request changes nothing',
            actual: changed.summary,
            exchanges: [response.record, changed.read.record],
          });
        }
      }
    }
    return ctx.pass();
  },
});

async function recordChanged(
  ctx: CheckContext,
  memberPath: string,
  snapshot: Readonly<Record<string, unknown>>,
): Promise<{ summary: string; read: TargetResponse } | undefined> {
  const read = await ctx.request({ path: memberPath, note: 'verify the record is unchanged' });
  const current = asRecord(read.json);
  if (read.status !== 200 || current === undefined) return { summary: `the record now answers ${read.status}`, read };
  const fields = findChangedFields(snapshot, current);
  return fields.length === 0 ? undefined : { summary: describeChangedFields(fields, snapshot, current), read };
}
