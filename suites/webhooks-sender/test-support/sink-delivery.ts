// Test support: a SinkDelivery as the sink would log it, for pure tests of delivery handling.
import type { SinkDelivery } from '../../../harness/check-api/check-context.js';

export function sinkDelivery(body: string, sequence = 1, overrides: Partial<SinkDelivery> = {}): SinkDelivery {
  const bytes = Buffer.from(body);
  return {
    sequence,
    receivedAt: '2025-01-01T00:00:00.000Z',
    receivedAtMs: sequence,
    method: 'POST',
    path: '/',
    headers: {},
    body: bytes,
    bodyBytes: bytes.length,
    isBodyTruncated: false,
    attemptOfEvent: 1,
    answer: { state: 'pending' },
    ...overrides,
  };
}
