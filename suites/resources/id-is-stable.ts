import { defineCheck } from '../define-check.js';
import { asRecord } from '../internal/answer-shape.js';
import { createRecord, fillBodyFor } from '../internal/fixtures/create-record.js';
import { replaceBodyOf } from '../internal/fixtures/write-bodies.js';
import { leaveOutRelated } from './internal/related-left-out.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';
import { declaredNotOffered, isOffered, isUndeclaredNotOffered } from '../internal/operations-offered.js';

// Convention 2/2: a member is addressed by its identifier; the id in the URL and in the body agree,
// and a PUT or PATCH cannot move a record to another id.
export const idIsStable = defineCheck({
  id: 'resources.id-is-stable',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '2/2',
  level: 'normative',
  leavesOpen:
    'A PUT or PATCH carrying another id (not shown): a 4xx, or success that ignores the id; pin resources.idChange.',
  title: 'The id in the URL and the body agree and cannot be changed',
  proves: 'GET returns the id of its URL, and a PUT or PATCH carrying another id is refused or ignored.',
  covers: "Every configured collection's members. Children of related lists are left out.",
  probes: [
    'a read that answers another id than its URL',
    'a PATCH carrying another id that renames the record',
    'a PUT carrying another id that renames the record',
  ],
  provenBy: ['id-changeable'],
  async run(ctx) {
    leaveOutRelated(ctx, 'the config gives no PUT or PATCH body for a child');
    // Side by side: each collection is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(
      ctx.config.collections,
      ctx.config.target.concurrency,
      async (collection) => {
        ctx.cover(`GET ${collection.path}/{id}`);
        const created = await createRecord(ctx, collection);
        if (!created.ok) return created.outcome;
        const read = await ctx.request({ path: created.memberPath, note: 'read the record by its id' });
        const readId = asRecord(read.json)?.[collection.idField];
        if (readId !== created.id) {
          return ctx.fail(
            `GET ${created.memberPath} answered ${collection.idField}=${JSON.stringify(readId)}; expected ${JSON.stringify(created.id)}`,
            {
              expected: `${collection.idField} ${JSON.stringify(created.id)}`,
              actual: JSON.stringify(readId) ?? 'absent',
              exchanges: [read.record],
            },
          );
        }
        const otherId = typeof created.id === 'number' ? created.id + 1_000_003 : `${created.id}-moved`;
        const replaceBody = fillBodyFor(ctx, created, replaceBodyOf(collection));
        const attempts = [
          { operation: 'change', method: 'PATCH', json: { [collection.idField]: otherId } } as const,
          { operation: 'replace', method: 'PUT', json: { ...replaceBody, [collection.idField]: otherId } } as const,
        ].filter((attempt) => {
          if (isOffered(collection, attempt.operation)) return true;
          ctx.leaveOut(`${attempt.method} ${collection.path}/{id}`, declaredNotOffered(collection, attempt.operation));
          return false;
        });
        for (const { operation, ...attempt } of attempts) {
          const write = await ctx.request({
            ...attempt,
            path: created.memberPath,
            note: `${attempt.method} with another id`,
          });
          const label = `${attempt.method} ${collection.path}/{id}`;
          if (isUndeclaredNotOffered(ctx, collection, operation, label, write.status)) continue;
          if (write.status >= 500 || (write.status >= 300 && write.status <= 399)) {
            return ctx.fail(
              `${attempt.method} ${created.memberPath} with another id answered ${write.status}; expected a 4xx refusal or a 2xx that ignores the id`,
              {
                expected: '4xx, or 2xx with the id unchanged',
                actual: `${write.status}`,
                exchanges: [write.record],
              },
            );
          }
          const policy = ctx.config.resources.idChange;
          const isRejected = write.status >= 400 && write.status <= 499;
          if (policy !== 'either' && isRejected !== (policy === 'reject')) {
            return ctx.fail(
              `${attempt.method} ${created.memberPath} with another id answered ${write.status}; resources.idChange pins "${policy}"`,
              {
                expected: policy === 'reject' ? '4xx' : '2xx with the id ignored',
                actual: `${write.status}`,
                exchanges: [write.record],
              },
            );
          }
          // Refused: what the rule allows, with nothing to read back. A mock (Prism and the like)
          // refuses the method and answers every member path 200 with its canned record: read back,
          // that would look like a move.
          if (isRejected) {
            ctx.cover(`${attempt.method} ${collection.path}/{id} with another id refused (${write.status})`);
            continue;
          }
          const movedPath = `${collection.path}/${encodeURIComponent(String(otherId))}`;
          const atMoved = await ctx.request({ path: movedPath, note: 'is the record now at the other id?' });
          if (atMoved.status === 200) ctx.fixtures.track(movedPath);
          const atOriginal = await ctx.request({ path: created.memberPath, note: 'is the record still at its id?' });
          const originalId = asRecord(atOriginal.json)?.[collection.idField];
          if (atMoved.status === 200 || atOriginal.status !== 200 || originalId !== created.id) {
            return ctx.fail(
              `${attempt.method} ${created.memberPath} with ${collection.idField}=${JSON.stringify(otherId)} changed the record's id`,
              {
                expected: `the change refused (4xx) or the id ignored: the record stays at ${created.memberPath}`,
                actual: `GET ${movedPath} → ${atMoved.status}; GET ${created.memberPath} → ${atOriginal.status} with ${collection.idField}=${JSON.stringify(originalId)}`,
                exchanges: [write.record, atMoved.record, atOriginal.record],
              },
            );
          }
        }
        return undefined;
      },
    );
    return verdict ?? ctx.pass();
  },
});
