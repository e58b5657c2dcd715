// Reads a JSON request body: 415 for another media type, 413 past 100 KiB, 400 for malformed JSON
// (the last two raised by body-parser and answered in error-handler.ts).
import express, { type RequestHandler } from 'express';
import { HttpError } from './http-error.js';

export interface JsonBodyOptions {
  /** no-body-size-limit defect lifts the limit to 10 MiB. */
  readonly limitBytes: number;
  /** content-type-not-checked defect: parse any body as JSON. */
  readonly checksContentType: boolean;
}

/** Body limit of the clean server: 100 KiB. */
export const bodyLimitBytes = 100 * 1024;

export function createJsonBodyParser(options: JsonBodyOptions): RequestHandler {
  const parse = express.json({ limit: options.limitBytes, strict: true, type: () => true });
  return (req, res, next) => {
    const hasBody = req.get('transfer-encoding') !== undefined || req.get('content-length') !== undefined;
    if (options.checksContentType && hasBody && !req.is(['application/json', 'application/*+json'])) {
      return next(new HttpError(415, 'unsupported_media_type', 'send the body with Content-Type: application/json'));
    }
    parse(req, res, next);
  };
}

/** The parsed body as a JSON object, or a 400 when it is missing or not an object. */
export function requireObjectBody(body: unknown): Readonly<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'validation_failed', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
