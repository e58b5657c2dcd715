import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curlInlineBodyBytes, recordBody, recordOutboundExchange, type OutboundExchange } from './exchange-record.js';
import { REDACTED, secretVariants } from './redact.js';

const TOKEN = 'tok-1234567890';
const policy = { evidenceBodyBytes: 32, secrets: secretVariants([`Bearer ${TOKEN}`, TOKEN]) };

function exchange(overrides: Partial<OutboundExchange> = {}): OutboundExchange {
  return {
    method: 'POST',
    url: `http://127.0.0.1:1/items?token=${TOKEN}`,
    headers: { 'Content-Type': 'application/json' },
    credential: { header: 'Authorization', mode: 'valid', prefix: 'Bearer ', curlValue: 'Bearer $APICERT_TOKEN' },
    body: Buffer.from('{"a":1}'),
    response: { status: 201, headers: { 'x-echo': TOKEN }, body: Buffer.from('{"id":"1"}'), bytes: 10 },
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 3,
    note: 'create an item',
    ...overrides,
  };
}

describe('recordOutboundExchange', () => {
  it('records lower-case header names and shows the credential as its scheme plus the marker', () => {
    const record = recordOutboundExchange(exchange(), policy);
    expect(record.direction).toBe('outbound');
    expect(record.request.headers).toEqual({ 'content-type': 'application/json', authorization: `Bearer ${REDACTED}` });
    expect(record.response?.status).toBe(201);
    expect(record.note).toBe('create an item');
  });

  it('keeps the token out of every field: URL, headers, bodies and curl line', () => {
    const body = Buffer.from(`{"echo":"${TOKEN}"}`);
    const record = recordOutboundExchange(
      exchange({ body, response: { status: 200, headers: { 'x-echo': TOKEN }, body, bytes: body.length } }),
      policy,
    );
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(record.request.url).toBe(`http://127.0.0.1:1/items?token=${REDACTED}`);
    expect(record.curl).toContain('Bearer $APICERT_TOKEN');
  });

  it('redacts a secret in a response or request header name, in the record and the curl line', () => {
    const record = recordOutboundExchange(
      exchange({
        headers: { [`X-Sent-${TOKEN}`]: 'a' },
        response: { status: 200, headers: { [`x-tok-${TOKEN}`]: '1' }, body: Buffer.alloc(0), bytes: 0 },
      }),
      policy,
    );
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(record.response?.headers).toEqual({ [`x-tok-${REDACTED}`]: '1' });
    expect(record.request.headers).toHaveProperty(`x-sent-${REDACTED}`, 'a');
  });

  it('gives a wrong credential in the curl line as the marker, not as the variable', () => {
    const record = recordOutboundExchange(
      exchange({
        credential: { header: 'Authorization', mode: 'wrong', prefix: 'Bearer ', curlValue: 'Bearer $APICERT_TOKEN' },
      }),
      policy,
    );
    expect(record.curl).not.toContain('$APICERT_TOKEN');
    expect(record.curl).toContain(`'Authorization: Bearer ${REDACTED}'`);
  });

  it('names a long request body by its size in the curl line instead of inlining it', () => {
    const body = Buffer.alloc(curlInlineBodyBytes + 1, 0x61);
    const record = recordOutboundExchange(exchange({ body }), policy);
    expect(record.curl).toContain(`# request body of ${body.length} bytes is too long to inline`);
    expect(record.curl!.length).toBeLessThan(1000);
    const short = recordOutboundExchange(exchange({ body: Buffer.alloc(curlInlineBodyBytes, 0x61) }), policy);
    expect(short.curl).toContain('--data-raw');
  });

  it('omits the response when there was none and keeps the error', () => {
    const record = recordOutboundExchange(
      exchange({ response: undefined, error: { code: 'APICERT_HTTP_TIMEOUT', message: 'no headers' } }),
      policy,
    );
    expect(record.response).toBeUndefined();
    expect(record.error?.code).toBe('APICERT_HTTP_TIMEOUT');
  });
});

describe('recordBody', () => {
  it('keeps a bounded prefix with the real size and a truncation flag', () => {
    const body = Buffer.from('x'.repeat(100));
    expect(recordBody(body, policy)).toEqual({ text: 'x'.repeat(32), bytes: 100, truncated: true, encoding: 'utf8' });
  });

  it('reports the bytes received when only a prefix was read', () => {
    expect(recordBody(Buffer.from('abc'), policy, 5_000)).toMatchObject({ text: 'abc', bytes: 5_000, truncated: true });
  });

  it('base64-encodes a body that is not UTF-8 text', () => {
    const body = Buffer.from([0xff, 0xfe, 0x00, 0x01]);
    expect(recordBody(body, policy)).toEqual({
      text: body.toString('base64'),
      bytes: 4,
      truncated: false,
      encoding: 'base64',
    });
  });

  it('does not cut a multi-byte character in half', () => {
    const body = Buffer.from(`${'a'.repeat(31)}é${'b'.repeat(10)}`);
    const recorded = recordBody(body, policy);
    expect(recorded.encoding).toBe('utf8');
    expect(recorded.text).toBe('a'.repeat(31));
  });

  it('removes a token that straddles the cut whole, not leaving its first half (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (offset) => {
        const body = Buffer.from(`${'.'.repeat(offset)}${TOKEN}${'.'.repeat(40)}`);
        const recorded = recordBody(body, policy);
        // No prefix of the token of 4+ characters survives at the end of the kept text.
        for (let length = 4; length <= TOKEN.length; length++) {
          expect(recorded.text.endsWith(TOKEN.slice(0, length))).toBe(false);
        }
        expect(recorded.text).not.toContain(TOKEN);
      }),
    );
  });
});
