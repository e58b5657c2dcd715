// Test support: a SinkDelivery as the sink would log it, for pure tests of delivery handling. The
// fields the sink reads from the body on arrival are read here the same way.
import { createHash } from 'node:crypto';
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';
import { readDeliveryContent } from '../../../harness/sink/delivery-content.js';

export function sinkDelivery(body: string, sequence = 1, overrides: Partial<SinkDelivery> = {}): SinkDelivery {
  const bytes = Buffer.from(body);
  const isBodyTruncated = overrides.isBodyTruncated ?? false;
  return {
    sequence,
    receivedAt: '2025-01-01T00:00:00.000Z',
    receivedAtMs: sequence,
    method: 'POST',
    path: '/',
    headers: {},
    body: bytes,
    bodyBytes: bytes.length,
    isBodyTruncated,
    isBodyDropped: false,
    bodyDigest: createHash('sha256').update(bytes).digest('hex'),
    ...readDeliveryContent(bytes, isBodyTruncated),
    attemptOfEvent: 1,
    answer: { state: 'pending' },
    ...overrides,
  };
}
