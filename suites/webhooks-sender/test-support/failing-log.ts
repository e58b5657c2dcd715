// Test support: deliveries as the sink logs and answers them under a fail-first-each script, so
// pure tests of retry judgement see the same attempt counts and answers a real run would.
import type { FailureKind, SinkDelivery } from '../../../harness/check-api/check-context.js';
import { DeliveryLog } from '../../../harness/sink/delivery-log.js';

/** A delivery body about record `recordId`: `{"event":…,"id":…,"data":{"id":…}}` plus `extra` in data. */
export function eventBody(eventId: string, recordId: string, extra = '', event = 'customer.created'): string {
  return `{"event":"${event}","id":"${eventId}","data":{"id":"${recordId}"${extra}}}`;
}

/** Logs `bodies` in order under `failures` and settles each as the sink would; returns the log's deliveries. */
export function failingLog(failures: readonly FailureKind[], bodies: readonly string[]): readonly SinkDelivery[] {
  const log = new DeliveryLog({ script: { kind: 'fail-first-each', failures } });
  for (const [index, body] of bodies.entries()) {
    const bytes = Buffer.from(body);
    const added = log.add({
      receivedAt: '2025-01-01T00:00:00.000Z',
      receivedAtMs: index * 10,
      method: 'POST',
      path: '/',
      headers: {},
      body: bytes,
      bodyBytes: bytes.length,
      isBodyTruncated: false,
    });
    if (added.kind !== 'kept') continue;
    const { sequence, answer } = added;
    if (answer.kind === 'respond')
      log.settle(sequence, { state: 'answered', status: answer.status, afterMs: 1, late: false });
    else if (answer.kind === 'cut')
      log.settle(sequence, { state: 'destroyed', afterMs: 1, isReset: answer.how === 'reset' });
  }
  return log.deliveries();
}
