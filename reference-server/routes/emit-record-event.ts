// Every create, update and delete of a record emits "<singular>.<change>" to every subscription.
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import type { StoredRecord } from '../store.js';
import type { ServerContext } from './server-context.js';

export type RecordChange = 'created' | 'updated' | 'deleted';

/** Starts the deliveries; the response does not wait for them (only a defect makes it wait). */
export async function emitRecordEvent(
  ctx: ServerContext,
  resource: ResourceDefinition,
  change: RecordChange,
  record: StoredRecord,
): Promise<void> {
  if (change === 'updated' && ctx.defects.has('no-update-event')) return;
  if (change === 'deleted' && ctx.defects.has('no-delete-event')) return;
  const delivered = ctx.sender.emit(`${resource.singular}.${change}`, record);
  if (ctx.defects.has('delivery-blocks-response')) await delivered;
}
