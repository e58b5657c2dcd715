import { describe, expect, it } from 'vitest';
import { maxDataValues, maxKeptTextChars, readDeliveryContent } from './delivery-content.js';

const read = (text: string, isTruncated = false) => readDeliveryContent(Buffer.from(text), isTruncated);

describe('readDeliveryContent', () => {
  it('reads the event id, the event name and the values in data', () => {
    const content = read(
      '{"event":"customer.created","id":"evt_1","data":{"id":"cus_1","total":42,"customer":{"ref":"cus_0"},"tags":["a"]}}',
    );
    expect(content.eventId).toBe('evt_1');
    expect(content.eventName).toBe('customer.created');
    expect([...content.dataValues]).toEqual(['cus_1', '42', 'cus_0', 'a']);
  });

  it('keeps a record id beyond 2^53 as the digits the sender wrote, so it matches the record made', () => {
    const content = read('{"event":"customer.created","id":"evt_1","data":{"id":1152921504606846977}}');
    expect([...content.dataValues]).toEqual(['1152921504606846977']);
  });

  it('says nothing of a body that is not a JSON object, or was cut, and does not parse a cut one', () => {
    for (const text of ['not json', '[1]', '"x"', 'null']) expect(read(text)).toEqual({ dataValues: new Set() });
    let parses = 0;
    const content = readDeliveryContent(Buffer.from('{"id":"evt_1"}'), true, (text) => {
      parses += 1;
      return JSON.parse(text);
    });
    expect(content.eventId).toBeUndefined();
    expect(parses).toBe(0);
  });

  it('keeps only ids and names that are short strings', () => {
    expect(read('{"id":5,"event":{"name":"x"}}')).toEqual({ dataValues: new Set() });
    const long = 'e'.repeat(maxKeptTextChars + 1);
    expect(read(`{"id":"${long}","event":"${long}","data":{"id":"${long}"}}`)).toEqual({ dataValues: new Set() });
  });

  it('takes data values breadth first and keeps a bounded number, so data.id always counts', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ nested: { id: `item_${i}` } }));
    const content = read(JSON.stringify({ data: { items, id: 'cus_1' } }));
    expect(content.dataValues.has('cus_1')).toBe(true);
    expect(content.dataValues.size).toBeLessThanOrEqual(maxDataValues);
  });

  it('reads JSON nested 100,000 levels deep without overflowing the stack, and finds nothing deep', () => {
    const depth = 100_000;
    const deep = `{"id":"evt_deep","data":${'{"a":'.repeat(depth)}"cus_1"${'}'.repeat(depth)}}`;
    const content = read(deep);
    expect(content.eventId).toBe('evt_deep');
    expect(content.dataValues.size).toBe(0);
    const arrays = `{"data":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    expect(read(arrays).dataValues.size).toBe(0);
  });
});
