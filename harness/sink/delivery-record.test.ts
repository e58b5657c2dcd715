import { describe, expect, it } from 'vitest';
import { secretVariants } from '../http/redact.js';
import { toDeliveryRecord } from './delivery-record.js';
import type { SinkDelivery } from './sink-types.js';

const secret = 'sink-secret-0123456789';
const digest = '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

function delivery(overrides: Partial<SinkDelivery> = {}): SinkDelivery {
  const body = Buffer.from(
    `{"event":"customer.created","id":"evt_1","data":{"echo":"${secret}","pad":"${'x'.repeat(200)}"}}`,
  );
  return {
    sequence: 1,
    receivedAt: '2025-01-01T00:00:00.000Z',
    receivedAtMs: 10,
    method: 'POST',
    path: '/apicert-sink/abc',
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${digest}`, 'x-echo': secret },
    body,
    bodyBytes: body.length,
    isBodyTruncated: false,
    isBodyDropped: false,
    bodyDigest: '0'.repeat(64),
    eventId: 'evt_1',
    eventName: 'customer.created',
    dataValues: new Set([secret]),
    attemptOfEvent: 2,
    answer: { state: 'answered', status: 503, afterMs: 3.4, late: false },
    ...overrides,
  };
}

const policy = { evidenceBodyBytes: 64, secrets: secretVariants([secret]) };

describe('toDeliveryRecord', () => {
  it('records an inbound exchange with the sink URL, a bounded body and the answer', () => {
    const record = toDeliveryRecord(delivery(), 'https://tunnel.example/prefix', policy);
    expect(record.direction).toBe('inbound');
    expect(record.request.method).toBe('POST');
    expect(record.request.url).toBe('https://tunnel.example/apicert-sink/abc');
    expect(record.request.body?.truncated).toBe(true);
    expect(record.request.body?.bytes).toBe(delivery().body.length);
    expect(record.response?.status).toBe(503);
    expect(record.durationMs).toBe(3);
    expect(record.note).toBe('delivery 2 of event evt_1: the sink answered 503');
    expect(record.delivery).toEqual({ attempt: 2, eventId: 'evt_1' });
  });

  it('never shows the secret, and shows only the first characters of the digest', () => {
    const text = JSON.stringify(
      toDeliveryRecord(delivery(), 'http://127.0.0.1:1', { ...policy, evidenceBodyBytes: 4096 }),
    );
    expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(digest.slice(0, 9));
    expect(text).toContain(`sha256=${digest.slice(0, 8)}…`);
  });

  it('redacts a secret the sender put in a header name or in the event id', () => {
    const hostile = delivery({
      headers: { [`x-tok-${secret}`]: '1', 'x-signature': `sha256=${digest}` },
      eventId: `evt_${secret}`,
    });
    const record = toDeliveryRecord(hostile, 'http://127.0.0.1:1', policy);
    expect(JSON.stringify(record)).not.toContain(secret);
    expect(record.request.headers).toHaveProperty('x-tok-[REDACTED]', '1');
    expect(record.note).toBe('delivery 2 of event evt_[REDACTED]: the sink answered 503');
  });

  it('describes a held answer, a sender that gave up and a cut connection, without a response', () => {
    const senderClosed = toDeliveryRecord(
      delivery({ answer: { state: 'sender-closed', afterMs: 1000.6 } }),
      'http://h:1',
      policy,
    );
    expect(senderClosed.response).toBeUndefined();
    expect(senderClosed.note).toMatch(/sender closed the connection after 1001 ms/);
    expect(
      toDeliveryRecord(
        delivery({ answer: { state: 'answered', status: 200, afterMs: 2000, late: true } }),
        'http://h:1',
        policy,
      ).note,
    ).toMatch(/held the answer 2000 ms, then answered 200/);
    expect(
      toDeliveryRecord(delivery({ answer: { state: 'destroyed', afterMs: 5 } }), 'http://h:1', policy).note,
    ).toMatch(/cut the connection/);
    expect(
      toDeliveryRecord(delivery({ answer: { state: 'pending' }, eventId: undefined }), 'http://h:1', policy).note,
    ).toBe('delivery 2 of this body: no answer yet');
  });
});

describe('toDeliveryRecord in a signature profile', () => {
  it("shortens the digests of the profile's signature header and leaves its id and timestamp headers whole", () => {
    const headers = {
      'webhook-id': 'msg_2ad9c7e1f0b34a5d8e6f',
      'webhook-timestamp': '1767225600',
      'webhook-signature': `v1,${Buffer.from(digest, 'hex').toString('base64')}`,
    };
    const record = toDeliveryRecord(delivery({ headers }), 'http://127.0.0.1:1', policy, [
      'webhook-signature',
      'webhook-id',
      'webhook-timestamp',
    ]);
    expect(record.request.headers).toMatchObject({
      'webhook-id': 'msg_2ad9c7e1f0b34a5d8e6f',
      'webhook-timestamp': '1767225600',
      'webhook-signature': 'v1,dXEH6g6y…',
    });
  });
});
