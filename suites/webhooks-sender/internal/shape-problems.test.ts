import { describe, expect, it } from 'vitest';
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { sinkDelivery } from '../test-support/sink-delivery.js';
import { findShapeProblems } from './shape-problems.js';

function delivery(
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  method = 'POST',
): SinkDelivery {
  return sinkDelivery(body, 1, { headers, method });
}

const good = '{"event":"customer.created","id":"evt_1","data":{"id":"cus_1"}}';

describe('findShapeProblems', () => {
  it("accepts the convention's shape, with a charset parameter too", () => {
    expect(findShapeProblems(delivery(good))).toEqual([]);
    expect(findShapeProblems(delivery(good, { 'content-type': 'Application/JSON; charset=utf-8' }))).toEqual([]);
  });

  it('names a wrong method and content type', () => {
    expect(findShapeProblems(delivery(good, { 'content-type': 'text/plain' }, 'PUT'))).toEqual([
      'method is PUT, not POST',
      'Content-Type is "text/plain", not application/json',
    ]);
    expect(findShapeProblems(delivery(good, {}))).toEqual(['no Content-Type header']);
  });

  it('names the field that carries the kind instead of "event"', () => {
    expect(findShapeProblems(delivery('{"type":"customer.created","id":"evt_1","data":{}}'))).toEqual([
      'no "event" field (the kind is in "type" instead)',
    ]);
  });

  it('names each field of the wrong type', () => {
    expect(findShapeProblems(delivery('{"event":"","id":7,"data":[]}'))).toEqual([
      '"event" is an empty string, not a non-empty string',
      '"id" is a number, not a non-empty string',
      '"data" is an array, not an object',
    ]);
    expect(findShapeProblems(delivery('{}'))).toEqual(['no "event" field', 'no "id" field', 'no "data" field']);
    expect(findShapeProblems(delivery('not json'))[0]).toMatch(/not JSON/);
  });
});
