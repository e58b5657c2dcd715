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
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String(), fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/)), (text) => {
        const key = decodeCursor(text, 'cus_');
        if (key !== undefined) expect(encodeCursor(key)).toBe(text);
      }),
    );
  });

  it('refuses garbage, other spacing, padding, bad dates and other collections', () => {
    const key = { createdAt: '2024-01-01T00:00:00.000Z', id: 'cus_abc' };
    const spaced = Buffer.from('[ "2024-01-01T00:00:00.000Z", "cus_abc" ]').toString('base64url');
    const badDate = encodeCursor({ createdAt: '2024-02-30T00:00:00.000Z', id: 'cus_abc' });
    const wrongShape = Buffer.from('{"createdAt":"2024-01-01T00:00:00.000Z","id":"cus_abc"}').toString('base64url');
    for (const text of ['', 'abc', '!!!!', `${encodeCursor(key)}=`, `${encodeCursor(key)}A`, spaced, badDate, wrongShape, 'x'.repeat(2000)]) {
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
