import { describe, expect, it } from 'vitest';
import {
  afterChange,
  afterDelete,
  afterReplace,
  differingFields,
  differingListedFields,
  emptyModel,
  isSameRecord,
  type ModelList,
  type ModelRecord,
} from './record-model.js';

const list = { offers: { replace: true, change: true, delete: true } } as unknown as ModelList;
const record = (): ModelRecord => ({
  list,
  id: 'cus_1',
  memberPath: '/customers/cus_1',
  listPath: '/customers',
  fields: { name: 'Ada u1', email: 'ada.u1@x.io', tier: 'pro' },
  uniqueFields: new Set(['name', 'email']),
});

describe('the record model', () => {
  it('replaces every field on PUT, changes only the given ones on PATCH', () => {
    const r = record();
    afterReplace(r, { name: 'Bea u2', email: 'bea.u2@x.io' }, new Set(['name', 'email']));
    expect(r.fields).toEqual({ name: 'Bea u2', email: 'bea.u2@x.io' });
    afterChange(r, { name: '' }, new Set());
    expect(r.fields).toEqual({ name: '', email: 'bea.u2@x.io' });
    expect([...r.uniqueFields]).toEqual(['email']);
  });

  it('holds a read to every field the kit wrote, and a list item to the fields it shows', () => {
    const r = record();
    expect(differingFields(r, { id: 'cus_1', ...r.fields, createdAt: 'x' })).toBeUndefined();
    expect(differingFields(r, { ...r.fields, name: 'Ada' })).toBe('name: expected "Ada u1", got "Ada"');
    expect(differingListedFields(r, { id: 'cus_1', name: 'Ada u1' })).toBeUndefined();
    expect(differingListedFields(r, { name: 'Old' })).toBe('name: expected "Ada u1", got "Old"');
  });

  it('tells the record from another under its id only by the values that name it alone', () => {
    const r = record();
    expect(isSameRecord(r, { name: 'Ada u1', email: 'ada.u1@x.io' })).toBe(true);
    expect(isSameRecord(r, { name: 'Ada u1', email: 'other@x.io' })).toBe(false);
    expect(isSameRecord({ ...r, uniqueFields: new Set() }, r.fields)).toBe(false);
  });

  it('moves a deleted record out of the live ones', () => {
    const model = emptyModel([list]);
    const r = record();
    model.live.push(r);
    afterDelete(model, r);
    expect(model.live).toEqual([]);
    expect(model.deleted).toEqual([r]);
  });
});
