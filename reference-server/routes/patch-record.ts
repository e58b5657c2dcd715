// PATCH /{collection}/{id}: changes only the fields given, each validated; the rest stay as they are.
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { requireObjectBody } from '../http/json-body.js';
import { separateReadOnlyFields } from '../resources/read-only-fields.js';
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import { defaultFields, inDeclaredOrder, validateFields } from '../resources/validate-fields.js';
import { saveUpdate } from './save-update.js';
import { patchBaseOf, patchedRecord, storedStrings } from './sequence-slips.js';
import type { ServerContext } from './server-context.js';
import { findRecordOr404, ownFields, validationLeniency } from './write-steps.js';

export function patchRecordHandler(ctx: ServerContext, resource: ResourceDefinition): RequestHandler {
  return async (req, res) => {
    const stored = patchedRecord(ctx, resource, findRecordOr404(ctx, resource, String(req.params.id)));
    const body = requireObjectBody(req.body);
    const readOnly = separateReadOnlyFields(body, stored, ctx.defects.has('id-changeable'));
    if (!readOnly.ok) throw new HttpError(400, 'read_only_field', readOnly.message);
    const checked = validateFields(readOnly.writable, resource.fields, 'partial', validationLeniency(ctx));
    if (!checked.ok) throw new HttpError(400, checked.code, checked.message);
    const base = ctx.defects.has('patch-replaces')
      ? defaultFields(resource.fields)
      : (patchBaseOf(ctx, stored) ?? ownFields(resource, stored));
    await saveUpdate(
      ctx,
      resource,
      stored,
      inDeclaredOrder(resource.fields, { ...base, ...storedStrings(ctx, checked.fields) }),
      readOnly.requestedId,
      res,
      'PATCH',
    );
  };
}
