// PUT /{collection}/{id}: replaces the whole record. Optional fields left out go back to their
// default (or disappear); a required field left out is a 400.
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { requireObjectBody } from '../http/json-body.js';
import { separateReadOnlyFields } from '../resources/read-only-fields.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { inDeclaredOrder, validateFields } from '../resources/validate-fields.js';
import { saveUpdate } from './save-update.js';
import { storedStrings } from './sequence-slips.js';
import type { ServerContext } from './server-context.js';
import { findRecordOr404, ownFields, validationLeniency } from './write-steps.js';

export function replaceRecordHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  return async (req, res) => {
    const stored = findRecordOr404(ctx, resource, String(req.params.id));
    const body = requireObjectBody(req.body);
    const readOnly = separateReadOnlyFields(body, stored, ctx.defects.has('id-changeable'));
    if (!readOnly.ok) throw new HttpError(400, 'read_only_field', readOnly.message);
    const merges = ctx.defects.has('put-merges');
    const checked = validateFields(
      readOnly.writable,
      resource.fields,
      merges ? 'partial' : 'whole',
      validationLeniency(ctx),
    );
    if (!checked.ok) throw new HttpError(400, checked.code, checked.message);
    const fields = merges
      ? inDeclaredOrder(resource.fields, { ...ownFields(resource, stored), ...checked.fields })
      : storedStrings(ctx, checked.fields);
    await saveUpdate(ctx, resource, stored, fields, readOnly.requestedId, res, 'PUT');
  };
}
