// The commands of resources.model-consistency that read: a record, a deleted one, an id no record
// has, a record under another collection, a record's list, and the page that listed a deleted one.
// Each answer is judged against the model; none changes it.
import type { TargetResponse } from '../../../../harness/check-api/check-context.js';
import { asRecord, isSuccess } from '../../../internal/answer-shape.js';
import { findInList, idsOf } from '../../../internal/fixtures/find-in-list.js';
import { describeAnswer } from '../describe-answer.js';
import { pickOf, type ModelCommand, type ModelReal } from './model-commands.js';
import { unknownIdOf, type UnknownIdForm } from './model-values.js';
import {
  differingFields,
  differingListedFields,
  isSameRecord,
  ModelBreach,
  type ModelRecord,
  type RecordModel,
} from './record-model.js';

/** GET a live record: 200, with every field the kit wrote as the model holds it (4.1). */
export class ReadCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('read');
    const record = pickOf(model.live, this.pick);
    const read = await real.ctx.request({ path: record.memberPath, note: 'model: read the record' });
    model.steps.push(`GET ${record.memberPath} → ${read.status}`);
    judgeRecordAnswer(record, read, 'GET', 200);
  }
  toString = (): string => `read(${this.pick})`;
}

/** GET a deleted record: a 4xx (4.1: DELETE removes the record). */
export class ReadDeletedCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.deleted.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('readDeleted');
    const record = pickOf(model.deleted, this.pick);
    const read = await real.ctx.request({ path: record.memberPath, note: 'model: read a deleted record' });
    model.steps.push(`GET ${record.memberPath} → ${read.status}`);
    if (read.status >= 400 && read.status <= 499) return;
    // Found again: the record is the kit's to delete once more.
    if (isSuccess(read.status)) real.ctx.fixtures.track(record.memberPath);
    throw new ModelBreach(
      '4.1',
      `GET ${record.memberPath} answered ${read.status} after the record was deleted`,
      'a 4xx (404 or 410): DELETE removed the record',
      describeAnswer(read),
      read.record,
    );
  }
  toString = (): string => `readDeleted(${this.pick})`;
}

/** GET an id no record has, in the target's shape or needing escaping: a 4xx (2/2, 4.1, 7/1). */
export class ReadUnknownCommand implements ModelCommand {
  constructor(
    readonly listPick: number,
    readonly form: UnknownIdForm,
  ) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length + model.deleted.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('readUnknown');
    real.drawn.add(`id ${this.form}`);
    const known = pickOf([...model.live, ...model.deleted], this.listPick);
    const id = unknownIdOf(known.id, this.form, real.ctx.random);
    const path = `${memberPrefixOf(known)}/${encodeURIComponent(id)}`;
    const read = await real.ctx.request({ path, note: `model: read an id no record has (${this.form})` });
    model.steps.push(`GET ${path} → ${read.status}`);
    if (read.status >= 400 && read.status <= 499) return;
    throw new ModelBreach(
      '2/2, 4.1, 7/1',
      `GET ${path}, an id no record has (${this.form}), answered ${read.status}`,
      'a 4xx: no record has this id',
      describeAnswer(read),
      read.record,
    );
  }
  toString = (): string => `readUnknown(${this.listPick}, ${this.form})`;
}

/** GET a live record's id under another collection: not that record (2/2: a member is addressed after its own collection). */
export class ReadForeignCommand implements ModelCommand {
  constructor(
    readonly pick: number,
    readonly otherPick: number,
  ) {}
  check = (model: Readonly<RecordModel>): boolean =>
    model.live.some((record) => otherPrefixes(model, record).length > 0 && record.uniqueFields.size > 0);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('readForeign');
    const record = pickOf(
      model.live.filter((candidate) => otherPrefixes(model, candidate).length > 0 && candidate.uniqueFields.size > 0),
      this.pick,
    );
    const prefix = pickOf(otherPrefixes(model, record), this.otherPick);
    const path = `${prefix}/${encodeURIComponent(String(record.id))}`;
    const read = await real.ctx.request({ path, note: 'model: read a record under another collection' });
    model.steps.push(`GET ${path} → ${read.status}`);
    const body = asRecord(read.json);
    if (!isSuccess(read.status) || body === undefined || !isSameRecord(record, body)) return;
    throw new ModelBreach(
      '2/2',
      `GET ${path} answered the record ${record.memberPath} under another collection`,
      `a 4xx, or a record of ${prefix}: a member is addressed after its own collection`,
      `${read.status} with the fields of ${record.memberPath}`,
      read.record,
    );
  }
  toString = (): string => `readForeign(${this.pick}, ${this.otherPick})`;
}

/** Search a live record's list: it is listed, with the values the model holds (4.1). */
export class FindInListCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('findInList');
    const record = pickOf(model.live, this.pick);
    const { idField, styles } = record.list.target;
    const search = await findInList(real.ctx, record.listPath, idField, record.id, styles.includes('offset'));
    model.steps.push(
      `GET ${record.listPath}, ${search.pages.length} page(s) → ${search.found ? 'listed' : 'not listed'}`,
    );
    // A list that is no page, or one longer than the page budget, is the pagination suite's to judge.
    if (search.badPage !== undefined || (!search.found && !search.complete)) return;
    if (!search.found) {
      throw new ModelBreach(
        '4.1',
        `${record.memberPath} is not listed in ${record.listPath}, read whole`,
        'the record listed: it was created and not deleted',
        `${search.items.length} items, none with ${idField} ${JSON.stringify(record.id)}`,
        search.pages.at(-1)?.record,
      );
    }
    const item = asRecord(search.items.find((candidate) => asRecord(candidate)?.[idField] === record.id)) ?? {};
    record.listedAfter = { after: search.afters[search.pages.length - 1] };
    const differing = differingListedFields(record, item);
    if (differing === undefined) return;
    throw new ModelBreach(
      '4.1',
      `${record.listPath} lists ${record.memberPath} with values it no longer holds: ${differing}`,
      'the fields a list shows hold their current values',
      differing,
      search.pages.at(-1)?.record,
    );
  }
  toString = (): string => `findInList(${this.pick})`;
}

/** Read again the page that listed a record since deleted: it is not listed there (4.1, 4.2/3). */
export class GoneFromListCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.deleted.some((record) => record.listedAfter !== undefined);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    real.drawn.add('goneFromList');
    const record = pickOf(
      model.deleted.filter((candidate) => candidate.listedAfter !== undefined),
      this.pick,
    );
    const { after } = record.listedAfter!;
    const page = await real.ctx.request({
      path: record.listPath,
      query: { after },
      note: 'model: read again the page that listed a deleted record',
    });
    model.steps.push(`GET ${record.listPath}${after === undefined ? '' : `?after=${after}`} → ${page.status}`);
    const items = asRecord(page.json)?.['items'];
    if (page.status !== 200 || !Array.isArray(items)) return;
    if (!idsOf(items, record.list.target.idField).includes(record.id)) return;
    throw new ModelBreach(
      '4.1',
      `${record.listPath} still lists ${record.memberPath} after it was deleted`,
      'a deleted record is not listed',
      `listed on the page read ${after === undefined ? 'first' : `with after=${after}`}`,
      page.record,
    );
  }
  toString = (): string => `goneFromList(${this.pick})`;
}

function judgeRecordAnswer(record: ModelRecord, answer: TargetResponse, method: string, status: number): void {
  if (answer.status !== status) {
    throw new ModelBreach(
      '4.1',
      `${method} ${record.memberPath} answered ${answer.status}; the record was created and not deleted`,
      `${status} with the record`,
      describeAnswer(answer),
      answer.record,
    );
  }
  const differing = differingFields(record, asRecord(answer.json) ?? {});
  if (differing === undefined) return;
  throw new ModelBreach(
    '4.1',
    `${method} ${record.memberPath} does not hold what the kit wrote last: ${differing}`,
    'every field as the last successful write left it',
    differing,
    answer.record,
  );
}

function memberPrefixOf(record: ModelRecord): string {
  return record.memberPath.slice(0, record.memberPath.lastIndexOf('/'));
}

// The member prefixes of the model's other lists: where a record of this one must not be found.
function otherPrefixes(model: Readonly<RecordModel>, record: ModelRecord): string[] {
  const own = memberPrefixOf(record);
  const prefixes = new Set(
    model.lists.flatMap((list) => (list.target.related === undefined ? [list.target.collection.path] : [])),
  );
  return [...prefixes].filter((prefix) => prefix !== own);
}
