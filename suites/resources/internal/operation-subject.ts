// A record to aim every operation of one list at: the kit creates it (a parent first, for a related
// list), reads it back as the snapshot a refused write must leave alone, and builds the concrete
// request of each operation of the surface inventory from it.
import type { CheckContext, CheckOutcome, TargetRequest } from '../../../harness/check-api/check-context.js';
import { asRecord } from '../../internal/answer-shape.js';
import { createChild, nestedPath } from '../../internal/fixtures/create-child.js';
import { createRecord, fillBodyFor, type CreatedRecord } from '../../internal/fixtures/create-record.js';
import { fillRegisterBody } from '../../internal/fixtures/register-body.js';
import { derivePatchBody, patchBodyOf, replaceBodyOf } from '../../internal/fixtures/write-bodies.js';
import type { ListTarget, SurfaceOperation } from '../../internal/surface-inventory.js';

type Body = Readonly<Record<string, unknown>>;

/** One list's record and the concrete paths and bodies its operations use. */
export interface OperationSubject {
  readonly list: ListTarget;
  readonly listPath: string;
  readonly createPath: string;
  /** Prefix of a member path, to find a record an unexpected create made. */
  readonly memberPrefix: string;
  readonly idField: string;
  readonly record: CreatedRecord;
  readonly bodies: { readonly create: Body; readonly replace: Body; readonly change: Body };
  /** The record as read back right after its create. */
  readonly snapshot: Body;
}

export type SubjectPreparation =
  { readonly ok: true; readonly subject: OperationSubject } | { readonly ok: false; readonly outcome: CheckOutcome };

/** Creates the list's record (and its parent) and reads it back. */
export async function prepareSubject(ctx: CheckContext, list: ListTarget): Promise<SubjectPreparation> {
  const { collection, related } = list;
  let record: CreatedRecord;
  let listPath = collection.path;
  let createPath = collection.path;
  let memberPrefix = collection.path;
  let replace: Body;
  let change: Body;
  if (related === undefined) {
    const created = await createRecord(ctx, collection);
    if (!created.ok) return created;
    record = created;
    replace = fillBodyFor(ctx, created, replaceBodyOf(collection));
    change = fillBodyFor(ctx, created, patchBodyOf(collection) ?? {});
  } else {
    const parent = await createRecord(ctx, collection);
    if (!parent.ok) return parent;
    const child = await createChild(ctx, collection, related, parent.id);
    if (!child.ok) return child;
    record = child;
    listPath = nestedPath(related, parent.id);
    createPath = related.createPath === 'nested' ? listPath : related.createPath;
    memberPrefix = child.memberPath.slice(0, child.memberPath.lastIndexOf('/'));
    // The config gives no PUT or PATCH body for a child: the body it was created with, and one of its strings changed.
    replace = child.sent;
    change = derivePatchBody(child.sent) ?? {};
  }
  const read = await ctx.request({
    path: record.memberPath,
    note: 'read the record before requests without a valid credential',
  });
  const snapshot = asRecord(read.json);
  if (read.status !== 200 || snapshot === undefined) {
    return {
      ok: false,
      outcome: ctx.fail(
        `GET ${record.memberPath} answered ${read.status} right after the create; refused writes cannot be judged`,
        {
          expected: '200 with the record just created',
          actual: `${read.status}`,
          exchanges: [record.response.record, read.record],
        },
      ),
    };
  }
  return {
    ok: true,
    subject: {
      list,
      listPath,
      createPath,
      memberPrefix,
      idField: list.idField,
      record,
      bodies: { create: record.sent, replace, change },
      snapshot,
    },
  };
}

// A registration the kit never means to keep: an address nothing listens on, and a throwaway secret.
const probeSink = {
  sinkUrl: 'http://127.0.0.1:9/apicert-credential-probe',
  secret: 'apicert-credential-probe-not-a-secret',
};

/** The concrete request of one of the list's operations on its record. Pure. */
export function requestFor(operation: SurfaceOperation, subject: OperationSubject): TargetRequest {
  const { method } = operation;
  const memberPath = subject.record.memberPath;
  switch (operation.verb) {
    case 'list':
      return { method, path: subject.listPath };
    case 'create':
      return { method, path: subject.createPath, json: subject.bodies.create };
    case 'replace':
      return { method, path: memberPath, json: subject.bodies.replace };
    case 'change':
      return { method, path: memberPath, json: subject.bodies.change };
    case 'read':
    case 'delete':
      return { method, path: memberPath };
    case 'register':
      // The registration belongs to no list: registrationProbe builds it.
      throw new Error(`${operation.label} is not an operation on a record; use registrationProbe`);
  }
}

/** The webhook registration, aimed at an address nothing listens on. Pure. */
export function registrationProbe(operation: SurfaceOperation, bodyTemplate: Body): TargetRequest {
  return { method: operation.method, path: operation.pathTemplate, json: fillRegisterBody(bodyTemplate, probeSink) };
}
