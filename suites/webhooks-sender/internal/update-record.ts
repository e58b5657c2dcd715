// Triggers an update event: PATCH with the configured (or derived) partial body, else PUT with the
// replace body when the sample has no string field to patch.
import type { CheckContext, CollectionConfig, TargetResponse } from '../../../harness/check-api/check-context.js';
import { fillBodyFor, type CreatedRecord } from '../../internal/fixtures/create-record.js';
import { patchBodyOf, replaceBodyOf } from '../../internal/fixtures/write-bodies.js';

/** Sends the update; the caller judges the status. */
export async function updateRecord(
  ctx: CheckContext,
  collection: CollectionConfig,
  created: CreatedRecord,
): Promise<TargetResponse> {
  const patch = patchBodyOf(collection);
  if (patch !== undefined) {
    return ctx.request({
      method: 'PATCH',
      path: created.memberPath,
      json: fillBodyFor(ctx, created, patch),
      note: 'update the record to trigger an update event',
    });
  }
  const replace = replaceBodyOf(collection);
  return ctx.request({
    method: 'PUT',
    path: created.memberPath,
    json: fillBodyFor(ctx, created, replace),
    note: 'replace the record to trigger an update event',
  });
}
