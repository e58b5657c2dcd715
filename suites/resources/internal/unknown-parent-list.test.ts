import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyUnknownParentList } from './unknown-parent-list.js';

describe('classifyUnknownParentList', () => {
  it('tells a refusal, an empty page, an empty list without the page envelope, and records apart', () => {
    expect(classifyUnknownParentList(404, { error: {} })).toBe('refused');
    expect(classifyUnknownParentList(200, { items: [], has_more: false })).toBe('empty-page');
    expect(classifyUnknownParentList(200, [])).toBe('empty-not-a-page');
    expect(classifyUnknownParentList(200, { data: [], total: 0 })).toBe('empty-not-a-page');
    expect(classifyUnknownParentList(200, [{ id: 1, customerId: 2 }])).toBe('listed');
    expect(classifyUnknownParentList(200, { items: [{ id: 1 }] })).toBe('listed');
    expect(classifyUnknownParentList(200, { data: [], included: [{ id: 1 }] })).toBe('listed');
    expect(classifyUnknownParentList(200, {})).toBe('listed');
    expect(classifyUnknownParentList(200, null)).toBe('listed');
    expect(classifyUnknownParentList(500, [])).toBe('listed');
  });

  it('never takes a success that holds a record for an empty list', () => {
    fc.assert(
      fc.property(fc.array(fc.object(), { minLength: 1 }), fc.integer({ min: 200, max: 299 }), (records, status) => {
        expect(classifyUnknownParentList(status, records)).toBe('listed');
        expect(classifyUnknownParentList(status, { items: records })).toBe('listed');
        expect(classifyUnknownParentList(status, { data: records, total: records.length })).toBe('listed');
      }),
    );
  });
});
