import { describe, expect, it } from 'vitest';
import { sinkDelivery } from '../test-support/sink-delivery.js';
import { deliveriesAbout, eventNameOf, mentionsRecord, readDeliveryBody } from './delivery-body.js';

const delivery = sinkDelivery;

describe('delivery bodies', () => {
  it('parses a JSON object and says why anything else is not one', () => {
    expect(readDeliveryBody(delivery('{"event":"a"}')).object).toEqual({ event: 'a' });
    expect(readDeliveryBody(delivery('[1]')).problem).toMatch(/not an object/);
    expect(readDeliveryBody(delivery('{')).problem).toMatch(/not JSON/);
    expect(readDeliveryBody(delivery('{}', 1, { isBodyTruncated: true, bodyBytes: 9999 })).problem).toMatch(
      /9999 bytes/,
    );
  });

  it('reads the event name only when it is a string', () => {
    expect(eventNameOf(delivery('{"event":"customer.created"}'))).toBe('customer.created');
    expect(eventNameOf(delivery('{"type":"customer.created"}'))).toBeUndefined();
    expect(eventNameOf(delivery('{"event":5}'))).toBeUndefined();
  });

  it('finds the record id anywhere in data, as a string or a number', () => {
    expect(mentionsRecord(delivery('{"data":{"id":"cus_1"}}'), 'cus_1')).toBe(true);
    expect(mentionsRecord(delivery('{"data":{"customer":{"ref":42}}}'), 42)).toBe(true);
    expect(mentionsRecord(delivery('{"data":{"items":[{"id":"x"},{"id":"cus_1"}]}}'), 'cus_1')).toBe(true);
    expect(mentionsRecord(delivery('{"id":"cus_1","data":{}}'), 'cus_1')).toBe(false);
    expect(mentionsRecord(delivery('{"data":{"id":"cus_10"}}'), 'cus_1')).toBe(false);
    expect(mentionsRecord(delivery('not json'), 'cus_1')).toBe(false);
  });

  it('stops searching very deep payloads', () => {
    const deep = `{"data":${'{"a":'.repeat(20)}"cus_1"${'}'.repeat(20)}}`;
    expect(mentionsRecord(delivery(deep), 'cus_1')).toBe(false);
  });

  it('lists deliveries about a record after a given one', () => {
    const log = [
      delivery('{"data":{"id":"a"}}', 1),
      delivery('{"data":{"id":"b"}}', 2),
      delivery('{"data":{"id":"a"}}', 3),
    ];
    expect(deliveriesAbout(log, 'a').map((d) => d.sequence)).toEqual([1, 3]);
    expect(deliveriesAbout(log, 'a', 1).map((d) => d.sequence)).toEqual([3]);
  });
});
