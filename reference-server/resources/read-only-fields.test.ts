import { describe, expect, it } from 'vitest';
import { separateReadOnlyFields } from './read-only-fields.js';

const stored = { id: 'cus_1', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-02T00:00:00.000Z', name: 'A' };

describe('separateReadOnlyFields', () => {
  it('refuses any server-managed field on create', () => {
    for (const name of ['id', 'createdAt', 'updatedAt']) {
      expect(separateReadOnlyFields({ [name]: 'x', name: 'A' }, undefined).ok, name).toBe(false);
    }
  });

  it('drops id and createdAt equal to the stored values and ignores updatedAt', () => {
    expect(separateReadOnlyFields({ ...stored, updatedAt: 'anything', name: 'B' }, stored)).toEqual({
      ok: true,
      writable: { name: 'B' },
    });
  });

  it('refuses a different id or createdAt, unless the id-changeable defect allows a new id', () => {
    expect(separateReadOnlyFields({ id: 'cus_2' }, stored).ok).toBe(false);
    expect(separateReadOnlyFields({ createdAt: '2000-01-01T00:00:00.000Z' }, stored).ok).toBe(false);
    expect(separateReadOnlyFields({ id: 'cus_2' }, stored, true)).toEqual({
      ok: true,
      writable: {},
      requestedId: 'cus_2',
    });
  });

  it('keeps a "__proto__" key as a field instead of setting the prototype', () => {
    const result = separateReadOnlyFields(
      JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>,
      undefined,
    );
    expect(result.ok && Object.keys(result.writable)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
