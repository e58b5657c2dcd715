import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DefectName } from '../defects.js';
import { buildDeliveryPayload, type OutgoingEvent } from './delivery-payload.js';
import { verifySignatureHeader } from './signature.js';

const event: OutgoingEvent = { event: 'customer.created', id: 'evt_1', data: { id: 'cus_1', name: 'Ada' } };

function build(...defects: DefectName[]) {
  return buildDeliveryPayload(event, 'secret', 1, new Set(defects));
}

describe('buildDeliveryPayload', () => {
  it('sends compact JSON with event, id and data, signed over exactly those bytes', () => {
    const payload = build();
    expect(payload.body.toString()).toBe(
      '{"event":"customer.created","id":"evt_1","data":{"id":"cus_1","name":"Ada"}}',
    );
    expect(payload.headers['content-type']).toBe('application/json');
    expect(payload.headers['x-signature']).toBe(
      `sha256=${createHmac('sha256', 'secret').update(payload.body).digest('hex')}`,
    );
  });

  it('keeps the same bytes on every attempt', () => {
    const set = new Set<DefectName>();
    expect(buildDeliveryPayload(event, 'secret', 3, set).body).toEqual(
      buildDeliveryPayload(event, 'secret', 1, set).body,
    );
  });

  it('breaks the signature or its form under each signing defect', () => {
    for (const defect of [
      'signature-over-reserialized-body',
      'signature-wrong-secret',
      'signature-without-prefix',
    ] as const) {
      const payload = build(defect);
      expect(verifySignatureHeader(payload.headers['x-signature'], 'secret', payload.body), defect).toBe(false);
    }
    expect(build('no-signature-header').headers['x-signature']).toBeUndefined();
    expect(build('signature-base64').headers['x-signature']).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
  });
});
