import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyVariantNames, buildBodyVariant, reserializationsOf } from './body-variants.js';

const event = {
  event: 'customer.updated',
  id: 'evt_1',
  data: { id: 'cus_1', name: 'Zoé / Ada', tags: ['a', 'b'], total: 12.5, vip: true, note: null },
};

// Event-shaped objects with any strings, including non-ASCII, "/", quotes, control characters and lone surrogates.
const anyEvent = fc.record({
  event: fc.string({ unit: 'binary' }),
  id: fc.string({ unit: 'binary', minLength: 1 }),
  // JSON has no -0: its text is "0", so -0 could never round-trip through any serialization.
  data: fc.dictionary(
    fc.string({ unit: 'binary' }),
    fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  ),
});

describe('buildBodyVariant', () => {
  it('writes é as \\u00e9, "/" as "\\/" and escapes the first character of each string', () => {
    const escaped = buildBodyVariant(event, 'escaped-characters').text;
    expect(escaped).toContain('"\\u005ao\\u00e9 \\/ Ada"');
    expect(escaped).toContain('"\\u0065vent":"\\u0063ustomer.updated"');
    expect(escaped).not.toMatch(/[^\x20-\x7e]/);
  });

  it('reverses key order with spaced separators', () => {
    const reordered = buildBodyVariant({ a: 1, b: { c: 2, d: [3, 4] } }, 'keys-reordered').text;
    expect(reordered).toBe('{"b": {"d": [3, 4], "c": 2}, "a": 1}');
  });

  it('every variant parses back to the same event', () => {
    fc.assert(
      fc.property(anyEvent, (generated) => {
        for (const variant of bodyVariantNames.map((name) => buildBodyVariant(generated, name)))
          expect(JSON.parse(variant.text), variant.name).toEqual(generated);
      }),
    );
  });

  it('no variant is the text a re-serializing receiver would verify', () => {
    fc.assert(
      fc.property(anyEvent, (generated) => {
        for (const variant of bodyVariantNames.map((name) => buildBodyVariant(generated, name))) {
          for (const reserialized of reserializationsOf(variant.text))
            expect(variant.text, variant.name).not.toBe(reserialized);
        }
      }),
    );
  });
});

describe('reserializationsOf', () => {
  it('gives the compact and the key-sorted text', () => {
    expect(reserializationsOf('{ "b": 1, "a": "\\u00e9" }')).toEqual(['{"b":1,"a":"é"}', '{"a":"é","b":1}']);
  });
});
