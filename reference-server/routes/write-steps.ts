// Steps shared by the handlers that write a record (create, replace, patch).
import { HttpError } from '../http/http-error.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { inDeclaredOrder, type ValidationLeniency } from '../resources/validate-fields.js';
import type { StoredRecord } from '../store.js';
import type { ServerContext } from './server-context.js';

/** The validation relaxations the active defects ask for. */
export function validationLeniency(ctx: ServerContext): ValidationLeniency {
  return {
    dropsUnknownFields: ctx.defects.has('unknown-fields-accepted'),
    skipsTypeChecks: ctx.defects.has('wrong-types-accepted'),
  };
}

/** An order must name an existing customer: 422, since the body is well-formed but refers to nothing. */
export function assertReferencesExist(
  ctx: ServerContext,
  resource: ResourceDefinition,
  fields: Readonly<Record<string, unknown>>,
): void {
  if (resource.collection !== 'orders') return;
  const customerId = fields.customerId;
  if (typeof customerId !== 'string' || !ctx.store.customers.has(customerId)) {
    throw new HttpError(422, 'unknown_customer', 'customerId does not name an existing customer');
  }
}

/** The stored record's own fields (no id or timestamps). */
export function ownFields(resource: ResourceDefinition, record: StoredRecord): Record<string, unknown> {
  return inDeclaredOrder(resource.fields, record);
}

/** The stored record with `id`, or a 404. */
export function findRecordOr404(ctx: ServerContext, resource: ResourceDefinition, id: string): StoredRecord {
  const record = ctx.store[resource.collection].get(id);
  if (record === undefined) throw new HttpError(404, 'not_found', `no ${resource.singular} with id "${clip(id)}"`);
  return record;
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
