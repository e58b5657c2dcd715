// The commands of resources.model-consistency that read: a record, a deleted one, an id no record
// has, a record under another collection, a record's list, and the page that listed a deleted one.
// Each answer is judged against the model; none changes it.
import type { TargetResponse } from '../../../../harness/check-api/check-context.js';
import { asRecord, isSuccess } from '../../../internal/answer-shape.js';
import { findInList } from '../../../internal/fixtures/find-in-list.js';
import { describeAnswer } from '../describe-answer.js';
import { pickOf, type ModelCommand, type ModelReal } from './model-commands.js';
import { unknownIdOf, type UnknownIdForm } from './model-values.js';
import {
  differingFields,
  differingListedFields,
  isSameRecord,
  type ModelRecord,
  type RecordModel,
} from './record-model.js';
import { ModelBreach } from '../../../internal/sequence-breach.js';

/** GET a live record: 200, with every field the kit wrote as the model holds it (4.1). */
export class ReadCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(model.live, this.pick);
    const read = await real.ctx.request({ path: record.memberPath, note: 'model: read the record' });
    model.steps.push(`GET ${record.memberPath} → ${read.status}`);
    judgeRecordAnswer(record, read, 'GET', 200);
    real.drawn.add('read');
  }
  toString = (): string => `read(${this.pick})`;
}

/** GET a deleted record: a 4xx (4.1: DELETE removes the record). */
export class ReadDeletedCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.deleted.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(model.deleted, this.pick);
    const read = await real.ctx.request({ path: record.memberPath, note: 'model: read a deleted record' });
    model.steps.push(`GET ${record.memberPath} → ${read.status}`);
    real.drawn.add('readDeleted');
    if (read.status >= 400 && read.status <= 499) return;
    // A server may give a deleted record's id to a new one (a row id counted from the highest):
    // only the deleted record itself answering breaks the rule.
    if (isSuccess(read.status) && !looksLike(record, asRecord(read.json) ?? {})) return;
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
    const known = pickOf([...model.live, ...model.deleted], this.listPick);
    const id = unknownIdOf(known.id, this.form, real.ctx.random);
    const path = `${memberPrefixOf(known)}/${encodeURIComponent(id)}`;
    const read = await real.ctx.request({ path, note: `model: read an id no record has (${this.form})` });
    model.steps.push(`GET ${path} → ${read.status}`);
    real.drawn.add('readUnknown');
    real.drawn.add(`id ${this.form}`);
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

/**
 * GET a live record's id under another top-level collection. The convention says how a member is
 * addressed (2/2), not that a record is reachable under one collection only (a subtype, /dogs
 * under /animals, may rightly be), so the record answered there is advice, never a failure. A
 * child of a related list is not tried: a server may serve it at its own collection too.
 */
export class ReadForeignCommand implements ModelCommand {
  constructor(
    readonly pick: number,
    readonly otherPick: number,
  ) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.some((record) => canBeForeign(model, record));
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(
      model.live.filter((candidate) => canBeForeign(model, candidate)),
      this.pick,
    );
    const prefix = pickOf(otherPrefixes(model, record), this.otherPick);
    const path = `${prefix}/${encodeURIComponent(String(record.id))}`;
    const read = await real.ctx.request({ path, note: 'model: read a record under another collection' });
    model.steps.push(`GET ${path} → ${read.status}`);
    real.drawn.add('readForeign');
    const body = asRecord(read.json);
    if (!isSuccess(read.status) || body === undefined || !isSameRecord(record, body)) return;
    // Once per check: every record of the collection would say the same.
    if (real.drawn.has('advised foreign')) return;
    real.drawn.add('advised foreign');
    real.ctx.advise(
      `GET ${path} answered the record ${record.memberPath}: a record of one collection is reachable under another; convention 2/2 addresses a member after its own collection's name (unless ${prefix} is meant to hold such records, as a collection of a supertype may)`,
    );
  }
  toString = (): string => `readForeign(${this.pick}, ${this.otherPick})`;
}

/**
 * Search a live record's list: once an earlier search listed it, it stays listed (4.1, 4.2/3: no
 * record on no page), and the fields a list shows hold its current values (4.1). A list may lag a
 * write (a search index) or filter by default, so a record never listed yet is not judged, and a
 * difference is read again once after a short pause before it fails.
 */
export class FindInListCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.live.length > 0;
  async run(model: RecordModel, real: ModelReal): Promise<void> {
    const record = pickOf(model.live, this.pick);
    const search = async () => {
      const { idField, styles } = record.list.target;
      const found = await findInList(real.ctx, record.listPath, idField, record.id, styles.includes('offset'));
      model.steps.push(
        `GET ${record.listPath}, ${found.pages.length} page(s) → ${found.found ? 'listed' : 'not listed'}`,
      );
      const item = asRecord(found.items.find((candidate) => asRecord(candidate)?.[idField] === record.id));
      // A list that is no page, or longer than the page budget, is the pagination suite's to judge.
      const isJudged = found.badPage === undefined && (found.found || found.complete);
      return { found, item, isJudged };
    };
    let { found, item, isJudged } = await search();
    if (!isJudged) return;
    const wasListed = record.listedAfter !== undefined;
    const problem = (): string | undefined =>
      item === undefined ? (wasListed ? 'dropped' : undefined) : differingListedFields(record, item);
    if (problem() !== undefined) {
      await real.ctx.sleep(listLagMs);
      ({ found, item, isJudged } = await search());
      if (!isJudged) return;
    }
    if (item === undefined && !wasListed) return void real.drawn.add('notListedYet');
    real.drawn.add('findInList');
    if (item === undefined) {
      throw new ModelBreach(
        '4.1, 4.2/3',
        `${record.memberPath} was listed in ${record.listPath}, and is on no page of it now, read whole twice`,
        'a record listed once stays listed until it is deleted (no record on no page)',
        `${found.items.length} items, none with ${record.list.target.idField} ${JSON.stringify(record.id)}`,
        found.pages.at(-1)?.record,
      );
    }
    record.listedAfter = { after: found.afters[found.pages.length - 1] };
    const differing = differingListedFields(record, item);
    if (differing === undefined) return;
    throw new ModelBreach(
      '4.1',
      `${record.listPath} lists ${record.memberPath} with values it no longer holds (read twice): ${differing}`,
      'the fields a list shows hold their current values',
      differing,
      found.pages.at(-1)?.record,
    );
  }
  toString = (): string => `findInList(${this.pick})`;
}

// How long a list is given to catch up with a write before a difference is read again.
const listLagMs = 250;

/** Read again the page that listed a record since deleted: it is not listed there (4.1, 4.2/3). */
export class GoneFromListCommand implements ModelCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<RecordModel>): boolean => model.deleted.some((record) => record.listedAfter !== undefined);
  async run(model: RecordModel, real: ModelReal): Promise<void> {
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
    real.drawn.add('goneFromList');
    const { idField } = record.list.target;
    const listed = items.map((item) => asRecord(item)).find((item) => item?.[idField] === record.id);
    // Another record given the deleted one's id is no breach.
    if (listed === undefined || !looksLike(record, listed)) return;
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

// Whether a body read under a deleted record's id is that record: the values that name it alone
// when it has some, else every field the kit wrote that the body shows, with at least one shown.
function looksLike(record: ModelRecord, body: Readonly<Record<string, unknown>>): boolean {
  if (record.uniqueFields.size > 0) return isSameRecord(record, body);
  const shown = Object.keys(record.fields).filter((key) => key in body);
  return shown.length > 0 && differingListedFields(record, body) === undefined;
}

// A top-level record, and another top-level collection to read its id under.
function canBeForeign(model: Readonly<RecordModel>, record: ModelRecord): boolean {
  return (
    record.list.target.related === undefined && record.uniqueFields.size > 0 && otherPrefixes(model, record).length > 0
  );
}
