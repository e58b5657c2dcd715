// The commands of resources.model-consistency that write: create, replace (PUT), change (PATCH),
// delete. A write answered 2xx moves the model; one refused with a 4xx must change nothing.
import type { CheckContext, CheckOutcome, TargetResponse } from '../../../../harness/check-api/check-context.js';
import { asRecord, isSuccess } from '../../../internal/answer-shape.js';
import { describeChangedFields, findChangedFields } from '../record-fields.js';
import { createInList } from '../../../internal/fixtures/create-in-list.js';
import { fillBodyFor } from '../../../internal/fixtures/create-record.js';
import { isUndeclaredNotOffered } from '../../../internal/operations-offered.js';
import { pickOf, preview, type ModelCommand, type ModelReal } from './model-commands.js';
import { normalisableVariants, varyBody, type StringVariant } from './model-values.js';
import {
  afterChange,
  afterDelete,
  afterReplace,
  type ModelList,
  type ModelRecord,
  type RecordModel,
} from './record-model.js';
import { ModelBreach } from '../../../internal/sequence-breach.js';

// Records one sequence keeps alive at once (at least one per list): enough to cross them, few enough
// to keep runs cheap.
const maxLiveRecords = 4;

/** POST a record to a list (a related list's under a new parent). */
export class CreateCommand implements ModelCommand {
  constructor(readonly listPick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length < Math.max(maxLiveRecords, model.lists.length);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const list = pickOf(model.lists, this.listPick);
    const made = await createInList(real.ctx, list.target);
    if (!made.ok) throw new ModelSetupStop(made.outcome);
    const { created, listPath } = made;
    const record: ModelRecord = {
      list,
      id: created.id,
      memberPath: created.memberPath,
      listPath,
      fields: { ...created.sent },
      uniqueFields: uniqueFieldsOf(list.target.related?.sample ?? list.target.collection.sample),
    };
    model.live.push(record);
    real.created.set(record, created);
    real.drawn.add('create');
    const parent = list.target.related === undefined ? '' : ' (under a parent made for it)';
    model.steps.push(
      `POST ${made.postPath}${parent} ${preview(created.sent)} → ${created.response.status}, id ${String(created.id)}`,
    );
  }
  toString = (): string => `create(${this.listPick})`;
}

// PUT and PATCH: the config's body for the record, one string varied as drawn.
abstract class BodyWriteCommand implements ModelCommand {
  protected abstract readonly operation: 'replace' | 'change';
  protected abstract readonly method: 'PUT' | 'PATCH';
  constructor(
    readonly pick: number,
    readonly fieldPick: number,
    readonly variant: StringVariant,
  ) {}
  private writable = (record: ModelRecord): boolean =>
    record.list[this.operation] !== undefined && record.list.offers[this.operation];
  check = (model: Readonly<RecordModel>): boolean => model.live.some(this.writable);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(model.live.filter(this.writable), this.pick);
    const template = record.list[this.operation]!;
    const filled = fillBodyFor(real.ctx, real.created.get(record)!, template);
    const { body, field } = varyBody(filled, template, this.fieldPick, this.variant);
    const { method } = this;
    const answer = await real.ctx.request({
      method,
      path: record.memberPath,
      json: body,
      note: `model: ${this.operation}`,
    });
    model.steps.push(`${method} ${record.memberPath} ${preview(body)} → ${answer.status}`);
    const label = `${method} ${record.list.target.label}/{id}`;
    if (isNotOffered(real.ctx, record.list, this.operation, label, answer.status)) return;
    const drawn = field === undefined && this.variant !== 'as-given' ? undefined : this.variant;
    if (!isSuccess(answer.status)) return judgeRefusedWrite(model, record, answer, method, real, drawn);
    real.drawn.add(this.operation);
    if (drawn !== undefined) real.drawn.add(`value ${drawn}`);
    (this.operation === 'replace' ? afterReplace : afterChange)(record, body, uniqueFieldsOf(template, body));
    const sent = { ...body };
    // A value the server may store its own way: the model takes what the answer shows, or, with no
    // answer to show it, stops predicting that field until it is written again.
    if (field !== undefined && normalisableVariants.has(this.variant)) {
      delete sent[field];
      const shown = asRecord(answer.json)?.[field];
      if (shown === undefined || shown === null) delete record.fields[field];
      else record.fields[field] = shown;
    }
    judgeWriteAnswer(record, answer, method, sent);
  }
  toString = (): string => `${this.operation}(${this.pick}, ${this.fieldPick}, ${this.variant})`;
}

/** PUT the config's replace body, one string varied: on 2xx the record holds it (4.1). */
export class ReplaceCommand extends BodyWriteCommand {
  protected readonly operation = 'replace';
  protected readonly method = 'PUT';
}

/** PATCH the config's patch body, one string varied: on 2xx those fields change, the others stay (4.1). */
export class ChangeCommand extends BodyWriteCommand {
  protected readonly operation = 'change';
  protected readonly method = 'PATCH';
}

/** DELETE a live record: on 2xx it is gone from reads and lists from then on. */
export class DeleteCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.some((record) => record.list.offers.delete);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(
      model.live.filter((candidate) => candidate.list.offers.delete),
      this.pick,
    );
    const answer = await real.ctx.request({ method: 'DELETE', path: record.memberPath, note: 'model: delete' });
    model.steps.push(`DELETE ${record.memberPath} → ${answer.status}`);
    const label = `DELETE ${record.list.target.related?.memberPath ?? `${record.list.target.label}/{id}`}`;
    if (isNotOffered(real.ctx, record.list, 'delete', label, answer.status)) return;
    if (!isSuccess(answer.status)) return judgeRefusedWrite(model, record, answer, 'DELETE');
    real.drawn.add('delete');
    real.ctx.fixtures.untrack(record.memberPath);
    afterDelete(model, record);
  }
  toString = (): string => `delete(${this.pick})`;
}

/** A create the target refused, or another outcome that ends the check: not a breach the model can shrink. */
export class ModelSetupStop extends Error {
  constructor(readonly outcome: CheckOutcome) {
    super('the check cannot go on');
  }
}

// A PUT or PATCH answered 2xx with a body: it holds what was sent (4.1: the answer is the JSON
// record). Only the fields sent are compared: an answer may echo the changed fields alone.
function judgeWriteAnswer(
  record: ModelRecord,
  answer: TargetResponse,
  method: string,
  sent: Readonly<Record<string, unknown>>,
): void {
  const body = asRecord(answer.json);
  if (body === undefined) return;
  const changed = findChangedFields(sent, body);
  if (changed.length === 0) return;
  const differing = describeChangedFields(changed, sent, body);
  throw new ModelBreach(
    '4.1',
    `${method} ${record.memberPath} answered a record without the values it was sent: ${differing}`,
    `the record as the ${method} left it`,
    differing,
    answer.record,
  );
}

// A write refused with a 4xx changes nothing (7/1: the status reports the outcome); the next read
// shows it. But 404 or 410 says the record is not there, and the model holds it live (4.1). One
// answered 5xx may or may not have been applied: the record leaves the model.
function judgeRefusedWrite(
  model: RecordModel,
  record: ModelRecord,
  answer: TargetResponse,
  method: string,
  real?: ModelReal,
  variant?: StringVariant,
): void {
  if (answer.status === 404 || answer.status === 410) {
    throw new ModelBreach(
      '4.1',
      `${method} ${record.memberPath} answered ${answer.status}, but the record was created and not deleted`,
      'the record found: a 2xx, or a refusal other than "not found"',
      `${answer.status}`,
      answer.record,
    );
  }
  if (answer.status >= 400 && answer.status <= 499) {
    if (variant !== undefined) real?.drawn.add(`refused ${variant}`);
    return;
  }
  if (variant !== undefined) real?.drawn.add(`failed ${variant}`);
  model.live.splice(model.live.indexOf(record), 1);
}

function isNotOffered(
  ctx: CheckContext,
  list: ModelList,
  operation: 'replace' | 'change' | 'delete',
  label: string,
  status: number,
): boolean {
  if (!isUndeclaredNotOffered(ctx, list.owner, operation, label, status, list.parent)) return false;
  list.offers[operation] = false;
  return true;
}

/** The fields of a template whose strings hold {unique}: written filled, they name one record alone. */
function uniqueFieldsOf(
  template: Readonly<Record<string, unknown>>,
  written?: Readonly<Record<string, unknown>>,
): Set<string> {
  return new Set(
    Object.keys(template).filter(
      (key) =>
        typeof template[key] === 'string' &&
        template[key].includes('{unique}') &&
        (written === undefined || (typeof written[key] === 'string' && written[key] !== '')),
    ),
  );
}
