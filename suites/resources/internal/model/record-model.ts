// The model behind resources.model-consistency: the kit's own records as the commands it ran left
// them, and what each answer must therefore hold. Pure: the commands (model-commands.ts) send the
// requests, this says what the convention lets them answer.
import { isDeepStrictEqual } from 'node:util';
import type { CollectionConfig } from '../../../../harness/check-api/check-context.js';
import type { OperationsOwner } from '../../../internal/operations-offered.js';
import type { ListTarget } from '../../../internal/surface-inventory.js';
import { describeChangedFields, findChangedFields } from '../record-fields.js';
import { isVolatileField } from '../volatile-fields.js';

type Body = Readonly<Record<string, unknown>>;

/** One configured list the sequences write to: a collection, or a related list under a parent. */
export interface ModelList {
  readonly target: ListTarget;
  /** The collection or related collection whose operations these are. */
  readonly owner: OperationsOwner;
  readonly parent?: CollectionConfig;
  /** The PUT and PATCH bodies (placeholders unfilled); none for a related list, whose config gives none. */
  readonly replace?: Body;
  readonly change?: Body;
  /** Operations not taken as "not offered" yet (a 405 the config did not declare turns one off). */
  readonly offers: { replace: boolean; change: boolean; delete: boolean };
}

/** A record the sequence made, with the fields the kit wrote as they must be now. */
export interface ModelRecord {
  readonly list: ModelList;
  readonly id: string | number;
  readonly memberPath: string;
  readonly listPath: string;
  /** Each field the kit wrote and its value now: the create's body, then replaced, then changed. */
  fields: Record<string, unknown>;
  /** The fields whose value was written from a `{unique}` template: they name this record alone. */
  uniqueFields: Set<string>;
  /** The `after` of the list page that listed it, once a search found it there. */
  listedAfter?: { readonly after: string | undefined };
}

export interface RecordModel {
  readonly lists: readonly ModelList[];
  readonly live: ModelRecord[];
  readonly deleted: ModelRecord[];
  /** What each command did, numbered as the report prints it. */
  readonly steps: string[];
}

/** A model with no records yet: each run starts afresh, so a shrunk sequence replays on its own. */
export function emptyModel(lists: readonly ModelList[]): RecordModel {
  return { lists, live: [], deleted: [], steps: [] };
}

/** The fields of a record body that differ from what the model says the kit's fields hold. */
export function differingFields(record: ModelRecord, body: Body): string | undefined {
  const changed = findChangedFields(record.fields, body);
  return changed.length === 0 ? undefined : describeChangedFields(changed, record.fields, body);
}

/**
 * Fields a list item shows that differ from the model: a list may show fewer fields than a read
 * (which it shows is not stated), but those it shows are the record's current values.
 */
export function differingListedFields(record: ModelRecord, item: Body): string | undefined {
  const shown = Object.fromEntries(
    Object.entries(record.fields).filter(([key]) => key in item && !isVolatileField(key)),
  );
  const changed = findChangedFields(shown, item);
  return changed.length === 0 ? undefined : describeChangedFields(changed, shown, item);
}

/**
 * True when `body` is this record: it holds every field the kit wrote from a `{unique}` template,
 * with that value. Another record under the same id (ids counted per table) holds none of them.
 */
export function isSameRecord(record: ModelRecord, body: Body): boolean {
  const unique = [...record.uniqueFields];
  return unique.length > 0 && unique.every((key) => isDeepStrictEqual(record.fields[key], body[key]));
}

/** The model after a PUT answered 2xx: the fields are the body's (those left out are the server's to reset). */
export function afterReplace(record: ModelRecord, body: Body, unique: ReadonlySet<string>): void {
  record.fields = { ...body };
  record.uniqueFields = new Set(unique);
}

/** The model after a PATCH answered 2xx: the body's fields changed, the others kept. */
export function afterChange(record: ModelRecord, body: Body, unique: ReadonlySet<string>): void {
  record.fields = { ...record.fields, ...body };
  for (const key of Object.keys(body)) {
    if (unique.has(key)) record.uniqueFields.add(key);
    else record.uniqueFields.delete(key);
  }
}

/** The model after a DELETE answered 2xx. */
export function afterDelete(model: RecordModel, record: ModelRecord): void {
  model.live.splice(model.live.indexOf(record), 1);
  model.deleted.push(record);
}
