import { describe, expect, it } from 'vitest';
import { CheckTimeoutError, HttpBodyTooLargeError, HttpConnectionError, HttpTimeoutError } from '../errors.js';
import { classifyTransportError, isConnectionRefused, type TransportFailure } from './classify-error.js';
import { REDACTED } from './redact.js';

const failure: TransportFailure = {
  method: 'GET',
  url: 'http://127.0.0.1:9/x?token=s3cret',
  phase: 'headers',
  bytesRead: 0,
  budgets: {
    connectTimeoutMs: 100,
    headersTimeoutMs: 200,
    bodyTimeoutMs: 300,
    maxResponseBytes: 1024,
    exchangeDeadlineMs: 600,
  },
  secrets: ['s3cret'],
};

function withCode(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyTransportError', () => {
  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', /^no connection to 127\.0\.0\.1:9 within 100 ms/],
    ['UND_ERR_HEADERS_TIMEOUT', /^no response headers within 200 ms from GET http:\/\/127\.0\.0\.1:9\/x/],
    ['UND_ERR_BODY_TIMEOUT', /^response body stalled for 300 ms/],
  ])('maps %s to HttpTimeoutError naming the budget', (code, message) => {
    const error = classifyTransportError(withCode(code), failure);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(message);
    expect(error.message).toContain('budgets.requestTimeoutMs');
  });

  it('says a refusal is a refusal and marks it unreachable', () => {
    const error = classifyTransportError(withCode('ECONNREFUSED'), failure);
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.code).toBe('APICERT_HTTP_CONNECTION_FAILED');
    expect(error.message).toMatch(/^connection refused by 127\.0\.0\.1:9/);
    expect(isConnectionRefused(error)).toBe(true);
  });

  it('treats no connection within the connect time-out as unreachable, a headers time-out as not', () => {
    expect(isConnectionRefused(classifyTransportError(withCode('UND_ERR_CONNECT_TIMEOUT'), failure))).toBe(true);
    expect(isConnectionRefused(classifyTransportError(withCode('UND_ERR_HEADERS_TIMEOUT'), failure))).toBe(false);
  });

  it('finds the code inside an AggregateError from a happy-eyeballs connect', () => {
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'all failed');
    expect(isConnectionRefused(classifyTransportError(aggregate, failure))).toBe(true);
  });

  it('treats an unresolvable host as unreachable and a reset as not', () => {
    const dns = classifyTransportError(withCode('ENOTFOUND'), failure);
    expect(dns.message).toMatch(/^host "127\.0\.0\.1" does not resolve \(ENOTFOUND\)/);
    expect(isConnectionRefused(dns)).toBe(true);
    const reset = classifyTransportError(withCode('ECONNRESET'), {
      ...failure,
      phase: 'body',
      status: 200,
      bytesRead: 17,
    });
    expect(reset.message).toContain('after status 200 and 17 body bytes');
    expect(isConnectionRefused(reset)).toBe(false);
  });

  it('says the deadline passed when the client aborted on its own', () => {
    const error = classifyTransportError(new Error('exchange deadline passed'), { ...failure, abortedBy: 'deadline' });
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toMatch(/^exchange not complete within 600 ms/);
  });

  it("passes the caller's abort reason on", () => {
    const reason = new CheckTimeoutError('check pagination.cursor-walk ran past 60000 ms');
    const error = classifyTransportError(reason, { ...failure, abortedBy: 'caller', abortReason: reason });
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error.message).toContain('ran past 60000 ms');
  });

  it('distinguishes a declared Content-Length from a body that grew past the cap', () => {
    const declared = classifyTransportError(new HttpBodyTooLargeError('x'), {
      ...failure,
      phase: 'body',
      declaredLength: 5000,
    });
    expect(declared.message).toMatch(
      /^response declares Content-Length 5000, above budgets\.maxResponseBytes \(1024\)/,
    );
    const streamed = classifyTransportError(new HttpBodyTooLargeError('x'), { ...failure, phase: 'body' });
    expect(streamed.message).toMatch(/^response body passed budgets\.maxResponseBytes \(1024 bytes\)/);
  });

  it('wraps anything unknown as a connection error on one line, secrets removed', () => {
    const error = classifyTransportError(withCode('UND_ERR_WEIRD', 'line one s3cret\nline two'), failure);
    expect(error).toBeInstanceOf(HttpConnectionError);
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain(`token=${REDACTED}`);
    expect(classifyTransportError('a string', failure)).toBeInstanceOf(HttpConnectionError);
  });

  it('reports a malformed HTTP response by its parser code', () => {
    const error = classifyTransportError(withCode('HPE_INVALID_CONSTANT', 'Expected HTTP/'), failure);
    expect(error.message).toMatch(/^malformed HTTP response \(HPE_INVALID_CONSTANT\)/);
  });
});

describe('isConnectionRefused', () => {
  it('is false for other errors and for a connection error that was not a refusal', () => {
    expect(isConnectionRefused(new HttpConnectionError('reset'))).toBe(false);
    expect(isConnectionRefused(new Error('x'))).toBe(false);
    expect(isConnectionRefused(undefined)).toBe(false);
    expect(isConnectionRefused(withCode('ECONNREFUSED'))).toBe(true);
  });
});
