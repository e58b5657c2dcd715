// Every resource request carries its own credential (convention 5.1): a bearer token, checked on
// each request, with no session kept between them.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

export interface BearerAuthOptions {
  readonly token: string;
  /** auth-not-enforced defect: no check at all. */
  readonly isEnforced: boolean;
  /** wrong-token-accepted defect: any token passes, only a missing one is refused. */
  readonly acceptsAnyToken: boolean;
}

/** Refuses a request without `Authorization: Bearer <token>` with 401. */
export function createBearerAuth(options: BearerAuthOptions): RequestHandler {
  const expected = digest(options.token);
  return (req, res, next) => {
    if (!options.isEnforced) return next();
    const match = /^Bearer +([^\s]+) *$/i.exec(req.get('authorization') ?? '');
    res.set('WWW-Authenticate', 'Bearer');
    if (match === null) return next(new HttpError(401, 'unauthorized', 'send Authorization: Bearer <token>'));
    // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
    if (!options.acceptsAnyToken && !timingSafeEqual(digest(match[1]!), expected)) {
      return next(new HttpError(401, 'unauthorized', 'the bearer token is not valid'));
    }
    res.removeHeader('WWW-Authenticate');
    next();
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
