import { describe, expect, it } from 'vitest';
import { stringVariants, unknownIdForms, unknownIdOf, varyBody, varyString } from './model-values.js';

describe('the values the model draws', () => {
  it('varies a string after a space, never at its edges, and keeps what is not a string', () => {
    expect(stringVariants.map((variant) => varyString('Ada', variant))).toEqual([
      'Ada',
      'Ada v2',
      'Ada café Zoë Ærø',
      'Ada ok 🙂',
      `Ada "q" 'a' \\ <b>&amp;</b>`,
      '',
    ]);
    expect(varyString(42, 'emoji')).toBe(42);
  });

  it('varies one free-text field, never a reference, an enum member or a formatted value', () => {
    const template = {
      customerId: '{fixture:customers}',
      status: 'paid',
      email: 'a.{unique}@x.io',
      title: 'Widget {unique}',
    };
    const body = { customerId: 'cus_1', status: 'paid', email: 'a.u1@x.io', title: 'Widget u1' };
    for (const pick of [0, 1, 2, 3])
      expect(varyBody(body, template, pick, 'suffix')).toEqual({
        body: { ...body, title: 'Widget u1 v2' },
        field: 'title',
      });
    // Nothing varied: no field named, so the value is not counted as written.
    expect(varyBody({ total: 1 }, { total: 1 }, 0, 'empty')).toEqual({ body: { total: 1 } });
    expect(varyBody(body, template, 0, 'as-given')).toEqual({ body });
  });

  it('writes an id no record has in the shape of a known one, then with what a path must escape', () => {
    const random = () => 0.5;
    const ids = unknownIdForms.map((form) => unknownIdOf('cus_4f2a', form, random));
    expect(ids[0]).toMatch(/^cus_apicertmissing\w+$/);
    expect(ids.slice(1)).toEqual([`${ids[0]} x`, `${ids[0]}/x`, `${ids[0]}%x`, `${ids[0]}é`, `${ids[0]}.json`]);
    expect(unknownIdOf(17, 'shaped', random)).toMatch(/^\d+$/);
  });
});
