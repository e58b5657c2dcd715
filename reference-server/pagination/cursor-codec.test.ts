import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeOffsetCursor, encodeCursor, encodeOffsetCursor } from './cursor-codec.js';
import { sortKeyArbitrary } from '../test-support/sort-key-arbitraries.js';

describe('cursor codec', () => {
  it('decodes every cursor it encodes to the same key', () => {
    fc.assert(
      fc.property(sortKeyArbitrary, (key) => {
        const cursor = encodeCursor(key);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeCursor(cursor, 'cus_')).toEqual(key);
      }),
    );
  });

  it('accepts a string only if it is the canonical cursor of the key it decodes to', () => {
    // Random text almost never decodes, so the inputs are real cursors with one character edited.
    const edits = fc.tuple(
      sortKeyArbitrary,
      fc.nat(),
      fc.constantFrom(...'AZaz09-_=+/ "'),
      fc.constantFrom('replace', 'insert', 'delete'),
    );
    let decodedVariants = 0;
    fc.assert(
      fc.property(edits, ([key, at, char, edit]) => {
        const cursor = encodeCursor(key);
        const i = at % (cursor.length + 1);
        const variant =
          edit === 'replace'
            ? cursor.slice(0, i) + char + cursor.slice(i + 1)
            : edit === 'insert'
              ? cursor.slice(0, i) + char + cursor.slice(i)
              : cursor.slice(0, i) + cursor.slice(i + 1);
        const decoded = decodeCursor(variant, 'cus_');
        if (decoded !== undefined) decodedVariants += 1;
        // Refused, or itself the canonical cursor of what it decodes to: never a second spelling.
        expect(decoded === undefined || encodeCursor(decoded) === variant).toBe(true);
      }),
      { numRuns: 500 },
    );
    // Some edits leave a valid cursor (a character replaced by itself), so acceptance was exercised.
    expect(decodedVariants).toBeGreaterThan(0);
  });

  it('refuses garbage, other spacing, padding, bad dates and other collections', () => {
    const key = { createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_abc' };
    const spaced = Buffer.from('[ "2024-01-01T00:00:00.000Z", "cus_abc" ]').toString('base64url');
    const badDate = encodeCursor({ createdAt: '2024-02-30T00:00:00.000Z', id: 'cus_abc' });
    const wrongShape = Buffer.from('{"createdAt":"2024-01-01T00:00:00.000Z","id":"cus_abc"}').toString('base64url');
    for (const text of [
      '',
      'abc',
      '!!!!',
      `${encodeCursor(key)}=`,
      `${encodeCursor(key)}A`,
      spaced,
      badDate,
      wrongShape,
      'x'.repeat(2000),
    ]) {
      expect(decodeCursor(text, 'cus_'), text).toBeUndefined();
    }
    expect(decodeCursor(encodeCursor(key), 'ord_')).toBeUndefined();
    expect(decodeCursor(encodeCursor({ ...key, id: 'cus_a b' }), 'cus_')).toBeUndefined();
  });

  it('round-trips offsets in the offset codec and keeps the two codecs apart', () => {
    fc.assert(
      fc.property(fc.nat(), (offset) => {
        expect(decodeOffsetCursor(encodeOffsetCursor(offset))).toBe(offset);
        expect(decodeCursor(encodeOffsetCursor(offset), 'cus_')).toBeUndefined();
      }),
    );
    expect(decodeOffsetCursor(encodeCursor({ createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_a' }))).toBeUndefined();
    expect(decodeOffsetCursor(Buffer.from('{"offset":-1}').toString('base64url'))).toBeUndefined();
    expect(decodeOffsetCursor(Buffer.from('{"offset":1.5}').toString('base64url'))).toBeUndefined();
  });
});
