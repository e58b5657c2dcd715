// The shape rules of a delivery (convention 4.3 and section 2), as a list of problems. Pure.
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { asRecord } from '../../internal/answer-shape.js';
import { readDeliveryBody } from './delivery-body.js';

/** Every way the delivery differs from the convention's shape, in a few words each. */
export function findShapeProblems(delivery: SinkDelivery): string[] {
  const problems: string[] = [];
  if (delivery.method !== 'POST') problems.push(`method is ${delivery.method}, not POST`);
  const contentType = delivery.headers['content-type'];
  const mediaType = contentType?.split(';', 1)[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    problems.push(
      contentType === undefined
        ? 'no Content-Type header'
        : `Content-Type is ${JSON.stringify(contentType.slice(0, 80))}, not application/json`,
    );
  }
  const body = readDeliveryBody(delivery);
  if (body.object === undefined) {
    problems.push(body.problem ?? 'the body is not a JSON object');
    return problems;
  }
  const { event, id, data } = body.object;
  if (typeof event !== 'string' || event === '') {
    const alternative = ['type', 'event_type', 'eventType', 'name', 'kind'].find(
      (name) => typeof body.object?.[name] === 'string',
    );
    problems.push(
      event === undefined
        ? `no "event" field${alternative !== undefined ? ` (the kind is in "${alternative}" instead)` : ''}`
        : `"event" is ${describeValue(event)}, not a non-empty string`,
    );
  }
  if (typeof id !== 'string' || id === '')
    problems.push(id === undefined ? 'no "id" field' : `"id" is ${describeValue(id)}, not a non-empty string`);
  if (asRecord(data) === undefined)
    problems.push(data === undefined ? 'no "data" field' : `"data" is ${describeValue(data)}, not an object`);
  return problems;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return `a ${typeof value}`;
}
