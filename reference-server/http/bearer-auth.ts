// Every resource request carries its own credential (convention 5.1): a bearer token, checked on
// each request, with no session kept between them.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { HttpError } from './http-error.js';

export interface BearerAuthOptions {
  readonly token: string;
  /** auth-not-enforced defect: no check at all. */
  readonly isEnforced: boolean;
  /** wrong-token-accepted defect: any token passes, only a missing one is refused. */
  readonly acceptsAnyToken: boolean;
  /** nested-routes-unauthenticated defect: requests this matches skip the check. */
  readonly isOpen?: (req: Request) => boolean;
  /** token-compared-by-prefix defect: only the characters sent are compared, so a prefix passes. */
  readonly comparesPrefix?: boolean;
  /** credential-remembered-per-connection defect: a connection that carried the token once is trusted. */
  readonly remembersConnection?: boolean;
  /** session-cookie-stands-in-for-token defect: answers set a session cookie that then replaces the token. */
  readonly cookieReplacesToken?: boolean;
}

// The shortest prefix the token-compared-by-prefix defect accepts: an empty token still fails.
const minComparedChars = 8;

/** Refuses a request without `Authorization: Bearer <token>` with 401. */
export function createBearerAuth(options: BearerAuthOptions): RequestHandler {
  const expected = digest(options.token);
  const trustedSockets = new WeakSet<Socket>();
  const session = randomBytes(12).toString('hex');
  const isValid = (token: string): boolean => {
    if (options.acceptsAnyToken) return true;
    if (options.comparesPrefix === true) return token.length >= minComparedChars && options.token.startsWith(token);
    // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
    return timingSafeEqual(digest(token), expected);
  };
  return (req, res, next) => {
    if (!options.isEnforced || options.isOpen?.(req) === true) return next();
    if (options.cookieReplacesToken === true) {
      res.set('Set-Cookie', `sid=${session}; Path=/; HttpOnly`);
      if ((req.get('cookie') ?? '').split(';').some((part) => part.trim() === `sid=${session}`)) return next();
    }
    if (options.remembersConnection === true && trustedSockets.has(req.socket)) return next();
    const match = /^Bearer +([^\s]+) *$/i.exec(req.get('authorization') ?? '');
    res.set('WWW-Authenticate', 'Bearer');
    if (match === null) return next(new HttpError(401, 'unauthorized', 'send Authorization: Bearer <token>'));
    if (!isValid(match[1]!)) return next(new HttpError(401, 'unauthorized', 'the bearer token is not valid'));
    if (options.remembersConnection === true) trustedSockets.add(req.socket);
    res.removeHeader('WWW-Authenticate');
    next();
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
