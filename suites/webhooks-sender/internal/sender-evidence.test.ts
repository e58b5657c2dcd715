import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../harness/check-api/check-context.js';
import { mergeEvidence } from './sender-evidence.js';

function record(direction: 'outbound' | 'inbound', startedAt: string, note: string): ExchangeRecord {
  return { direction, request: { method: 'POST', url: 'http://x/', headers: {} }, startedAt, durationMs: 1, note };
}

describe('mergeEvidence', () => {
  it('interleaves requests and deliveries by start time, outbound first on a tie', () => {
    const merged = mergeEvidence(
      [
        record('outbound', '2025-01-01T00:00:00.000Z', 'register'),
        record('outbound', '2025-01-01T00:00:01.000Z', 'create'),
      ],
      [
        record('inbound', '2025-01-01T00:00:01.000Z', 'delivery 1'),
        record('inbound', '2025-01-01T00:00:00.500Z', 'early'),
      ],
    );
    expect(merged.map((r) => r.note)).toEqual(['register', 'early', 'create', 'delivery 1']);
  });
});
