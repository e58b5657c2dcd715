// Turns anything a handler or body parser threw into a JSON error. Bad input is always a 4xx:
// a 5xx here means a bug in the reference server (or a defect that asks for one).
import type { ErrorRequestHandler } from 'express';
import { HttpError } from './http-error.js';
import { sendError } from './send-error.js';

export interface ErrorHandlerOptions {
  /** 500-on-malformed-json defect. */
  readonly malformedJsonIs500: boolean;
  /** error-body-not-json defect. */
  readonly errorBodyIsPlainText: boolean;
  /** products-errors-plain-text defect: 4xx bodies under these paths only are plain text. */
  readonly plainTextErrorsUnder?: RegExp;
}

// body-parser (and the router's URL decoding) mark their errors with `type` and `status`.
interface ParserError {
  readonly type?: unknown;
  readonly status?: unknown;
  readonly message?: unknown;
}

export function createErrorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const [status, code, message] = classify(error, options);
    const isPlainText = options.errorBodyIsPlainText || options.plainTextErrorsUnder?.test(req.path) === true;
    sendError(res, status, code, message, isPlainText && status < 500);
  };
}

function classify(error: unknown, options: ErrorHandlerOptions): [number, string, string] {
  if (error instanceof HttpError) return [error.status, error.code, error.message];
  const parserError = (typeof error === 'object' && error !== null ? error : {}) as ParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return options.malformedJsonIs500
        ? [500, 'internal_error', 'internal error']
        : [400, 'malformed_json', 'the request body is not valid JSON'];
    case 'entity.too.large':
      return [413, 'payload_too_large', 'the request body is larger than 100 KiB'];
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return [415, 'unsupported_media_type', 'send the body as uncompressed UTF-8 application/json'];
    default:
      break;
  }
  const status = typeof parserError.status === 'number' ? parserError.status : 500;
  if (status >= 400 && status < 500) {
    return [status, 'bad_request', typeof parserError.message === 'string' ? parserError.message : 'bad request'];
  }
  return [500, 'internal_error', 'internal error'];
}
