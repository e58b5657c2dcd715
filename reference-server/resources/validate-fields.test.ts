import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customers, orders, products } from './resource-definitions.js';
import { defaultFields, validateFields } from './validate-fields.js';

describe('validateFields', () => {
  it('fills defaults in whole mode and orders fields as declared', () => {
    const result = validateFields({ email: 'a@b', name: 'A' }, customers.fields, 'whole');
    expect(result).toEqual({ ok: true, fields: { name: 'A', email: 'a@b', tier: 'free' } });
    expect(Object.keys(result.ok ? result.fields : {})).toEqual(['name', 'email', 'tier']);
  });

  it('leaves optional fields without a default out in whole mode', () => {
    expect(validateFields({ customerId: 'c', total: 0, status: 'paid' }, orders.fields, 'whole')).toEqual({
      ok: true,
      fields: { customerId: 'c', total: 0, status: 'paid' },
    });
  });

  it('needs every required field in whole mode but none in partial mode', () => {
    expect(validateFields({ name: 'A' }, customers.fields, 'whole')).toMatchObject({
      ok: false,
      code: 'validation_failed',
    });
    expect(validateFields({ name: 'A' }, customers.fields, 'partial')).toEqual({ ok: true, fields: { name: 'A' } });
  });

  it('refuses unknown fields unless told to drop them', () => {
    expect(validateFields({ name: 'A', extra: 1 }, customers.fields, 'partial')).toMatchObject({
      ok: false,
      code: 'unknown_field',
    });
    expect(validateFields({ name: 'A', extra: 1 }, customers.fields, 'partial', { dropsUnknownFields: true })).toEqual({
      ok: true,
      fields: { name: 'A' },
    });
  });

  it('refuses any value of the wrong type for an integer field unless told to skip type checks', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)),
        (value) => {
          expect(validateFields({ priceCents: value }, products.fields, 'partial').ok).toBe(false);
          expect(validateFields({ priceCents: value }, products.fields, 'partial', { skipsTypeChecks: true }).ok).toBe(
            true,
          );
        },
      ),
    );
  });

  it('accepts any non-negative number as an order total', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), (total) => {
        expect(validateFields({ total }, orders.fields, 'partial').ok).toBe(true);
      }),
    );
  });

  it('lists the defaults of optional fields', () => {
    expect(defaultFields(customers.fields)).toEqual({ tier: 'free' });
    expect(defaultFields(orders.fields)).toEqual({});
  });
});
