// Maps whatever undici or the socket threw to one of the typed HTTP errors, with a one-line message
// that says what happened, where, and which budget applies. No raw undici error leaves the client.
import {
  HttpBodyTooLargeError,
  HttpConnectionError,
  HttpError,
  HttpHeadersTooLargeError,
  HttpTimeoutError,
} from '../errors.js';
import { redactText } from './redact.js';
import { failedOnReusedConnection } from './reused-connections.js';

/**
 * Most header bytes of an answer apicert reads: four times Node's default of 16 KiB, so a real
 * service's large cookies and policies pass, and a hostile one's thousands of headers stay bounded.
 */
export const maxResponseHeaderBytes = 64 * 1024;

/** Where an exchange stood when it failed, and the budgets it ran under. */
export interface TransportFailure {
  readonly method: string;
  readonly url: string;
  /** `headers`: nothing received yet; `body`: status and headers arrived, body being read. */
  readonly phase: 'headers' | 'body';
  readonly status?: number;
  readonly bytesRead: number;
  /** Content-Length the response declared, when it had one. */
  readonly declaredLength?: number;
  /** Set when the exchange was aborted: by the caller's signal, or by the client's own deadline. */
  readonly abortedBy?: 'caller' | 'deadline';
  readonly abortReason?: unknown;
  readonly budgets: {
    readonly connectTimeoutMs: number;
    readonly headersTimeoutMs: number;
    readonly bodyTimeoutMs: number;
    readonly maxResponseBytes: number;
    readonly exchangeDeadlineMs: number;
  };
  /** Removed from the message: a URL may carry a token in its query. */
  readonly secrets: readonly string[];
}

const RAISE_TIMEOUT = 'raise budgets.requestTimeoutMs if the target is slow';
const REFUSED_CODES = new Set(['ECONNREFUSED']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const NO_ROUTE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_ABORTED']);

// Errors meaning the target cannot be reached at all: exit code 3 when they happen before any check.
const unreachableErrors = new WeakSet<HttpError>();

/** The typed HTTP error for anything thrown while sending a request or reading its response. */
export function classifyTransportError(thrown: unknown, failure: TransportFailure): HttpError {
  const error = toHttpError(thrown, failure);
  error.message = oneLine(redactText(error.message, failure.secrets));
  return error;
}

/**
 * True when the target could not be reached at all: connection refused, host unresolvable or
 * unroutable, or no connection within the connect time-out (a host that drops packets).
 */
export function isConnectionRefused(error: unknown): boolean {
  if (error instanceof HttpError) return unreachableErrors.has(error);
  const code = codeOf(error);
  return code !== undefined && (REFUSED_CODES.has(code) || DNS_CODES.has(code) || NO_ROUTE_CODES.has(code));
}

function toHttpError(thrown: unknown, failure: TransportFailure): HttpError {
  const where = `${failure.method} ${failure.url}`;
  const { budgets } = failure;
  if (failure.abortedBy === 'deadline') {
    return new HttpTimeoutError(
      `exchange not complete within ${budgets.exchangeDeadlineMs} ms from ${where} ` +
        `(${describeProgress(failure)}); ${RAISE_TIMEOUT}`,
    );
  }
  if (failure.abortedBy === 'caller') {
    return new HttpTimeoutError(
      `request abandoned before it completed: ${where} (${describeAbortReason(failure.abortReason)})`,
    );
  }
  if (thrown instanceof HttpBodyTooLargeError) {
    if (failure.declaredLength !== undefined && failure.declaredLength > budgets.maxResponseBytes) {
      return new HttpBodyTooLargeError(
        `response declares Content-Length ${failure.declaredLength}, above budgets.maxResponseBytes ` +
          `(${budgets.maxResponseBytes}), from ${where}; the body was not read`,
      );
    }
    return new HttpBodyTooLargeError(
      `response body passed budgets.maxResponseBytes (${budgets.maxResponseBytes} bytes) from ${where}; the read was aborted`,
    );
  }
  if (thrown instanceof HttpError) return thrown;

  const code = codeOf(thrown);
  const host = hostOf(failure.url);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return markUnreachable(
        new HttpTimeoutError(
          `no connection to ${host} within ${budgets.connectTimeoutMs} ms for ${where}; ${RAISE_TIMEOUT}`,
        ),
      );
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new HttpTimeoutError(
        `no response headers within ${budgets.headersTimeoutMs} ms from ${where}; ${RAISE_TIMEOUT}`,
      );
    case 'UND_ERR_BODY_TIMEOUT':
      return new HttpTimeoutError(
        `response body stalled for ${budgets.bodyTimeoutMs} ms from ${where} (${describeProgress(failure)}); ${RAISE_TIMEOUT}`,
      );
    case 'ETIMEDOUT':
      return new HttpTimeoutError(`connection to ${host} timed out (ETIMEDOUT) for ${where}; ${RAISE_TIMEOUT}`);
    case 'UND_ERR_HEADERS_OVERFLOW':
      return new HttpHeadersTooLargeError(
        `the answer to ${where} has headers over ${maxResponseHeaderBytes / 1024} KiB, more than apicert reads (UND_ERR_HEADERS_OVERFLOW); its status and body were not read`,
      );
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return new HttpConnectionError(
        `response body did not match its Content-Length from ${where} (${describeProgress(failure)})`,
      );
    case 'UND_ERR_CLOSED':
    case 'UND_ERR_DESTROYED':
      return new HttpConnectionError(`the HTTP client was already closed when sending ${where}`);
  }
  if (code !== undefined && REFUSED_CODES.has(code)) {
    return unreachable(`connection refused by ${host} for ${where}; is the target running at that address?`);
  }
  if (code !== undefined && DNS_CODES.has(code)) {
    return unreachable(`host "${hostnameOf(failure.url)}" does not resolve (${code}) for ${where}; check the base URL`);
  }
  if (code !== undefined && NO_ROUTE_CODES.has(code)) {
    return unreachable(`no route to ${host} (${code}) for ${where}; check the base URL and the network`);
  }
  const isClose = code !== undefined && (RESET_CODES.has(code) || CLOSED_CODES.has(code));
  if (isClose && failure.phase === 'headers' && failedOnReusedConnection(thrown)) {
    return new HttpConnectionError(
      `connection closed by the target (${code}) before any answer to ${where}, on a connection kept from an earlier exchange ` +
        '(the target, or a proxy before it, likely closed it as idle)',
      { onReusedConnection: true },
    );
  }
  if (code !== undefined && RESET_CODES.has(code)) {
    return new HttpConnectionError(
      `connection reset by the target (${code}) during ${where} (${describeProgress(failure)})`,
    );
  }
  if (code !== undefined && CLOSED_CODES.has(code)) {
    return new HttpConnectionError(`connection closed by the target during ${where} (${describeProgress(failure)})`);
  }
  if (code?.startsWith('HPE_')) {
    return new HttpConnectionError(`malformed HTTP response (${code}) from ${where}: ${messageOf(thrown)}`);
  }
  return new HttpConnectionError(`request failed (${code ?? nameOf(thrown)}) for ${where}: ${messageOf(thrown)}`);
}

function unreachable(message: string): HttpConnectionError {
  return markUnreachable(new HttpConnectionError(message));
}

function markUnreachable<E extends HttpError>(error: E): E {
  unreachableErrors.add(error);
  return error;
}

function describeProgress(failure: TransportFailure): string {
  if (failure.phase === 'headers') return 'before response headers';
  return `after status ${failure.status ?? '?'} and ${failure.bytesRead} body bytes`;
}

function describeAbortReason(reason: unknown): string {
  if (reason instanceof Error && reason.message !== '') return reason.message;
  return 'aborted by the caller';
}

/** The error code, looking inside AggregateError (happy-eyeballs connects) and `cause`. */
function codeOf(thrown: unknown, depth = 0): string | undefined {
  if (typeof thrown !== 'object' || thrown === null || depth > 4) return undefined;
  const { code } = thrown as { code?: unknown };
  if (typeof code === 'string') return code;
  if (thrown instanceof AggregateError) return codeOf(thrown.errors[0], depth + 1);
  return codeOf((thrown as { cause?: unknown }).cause, depth + 1);
}

function nameOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.name : typeof thrown;
}

function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the target';
  }
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ');
}
