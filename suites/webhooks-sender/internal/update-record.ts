// Triggers an update event: PATCH with the configured (or derived) partial body, else PUT with the
// replace body when the sample has no string field to patch or the collection offers no PATCH.
import type { CheckContext, CollectionConfig, TargetResponse } from '../../../harness/check-api/check-context.js';
import { fillBodyFor, type CreatedRecord } from '../../internal/fixtures/create-record.js';
import { patchBodyOf, replaceBodyOf } from '../../internal/fixtures/write-bodies.js';
import { isOffered, isUndeclaredNotOffered } from '../../internal/operations-offered.js';

export type Update =
  | { readonly sent: true; readonly response: TargetResponse; readonly trigger: string }
  /** The collection offers neither PATCH nor PUT (declared, or answered 405): no update event can be triggered. */
  | { readonly sent: false; readonly why: string };

/** Sends the update; the caller judges the status. */
export async function updateRecord(
  ctx: CheckContext,
  collection: CollectionConfig,
  created: CreatedRecord,
): Promise<Update> {
  const patch = patchBodyOf(collection);
  const ways = [
    ...(patch !== undefined && isOffered(collection, 'change')
      ? [{ operation: 'change', method: 'PATCH', body: patch, note: 'update the record' } as const]
      : []),
    ...(isOffered(collection, 'replace')
      ? [{ operation: 'replace', method: 'PUT', body: replaceBodyOf(collection), note: 'replace the record' } as const]
      : []),
  ];
  for (const way of ways) {
    const response = await ctx.request({
      method: way.method,
      path: created.memberPath,
      json: fillBodyFor(ctx, created, way.body),
      note: `${way.note} to trigger an update event`,
    });
    const label = `${way.method} ${collection.path}/{id}`;
    if (isUndeclaredNotOffered(ctx, collection, way.operation, label, response.status)) continue;
    return { sent: true, response, trigger: `${way.method} ${created.memberPath}` };
  }
  return { sent: false, why: `${collection.name} offers neither PATCH nor PUT (collections[].operations)` };
}
