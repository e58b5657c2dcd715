// Every resource request carries its own credential (convention 5.1): a bearer token, checked on
// each request, with no session kept between them.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
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
  /** token-compared-by-suffix defect: a token that ends with the valid one passes. */
  readonly comparesSuffix?: boolean;
  /** credential-remembered-per-connection defect: a connection that carried the token once is trusted. */
  readonly remembersConnection?: boolean;
  /** session-cookie-stands-in-for-token defect: answers set a session cookie that then replaces the token. */
  readonly cookieReplacesToken?: boolean;
  /** refused-write-applied defect: a PUT, PATCH or DELETE without a valid token is carried out, then refused. */
  readonly appliesRefusedWrites?: boolean;
}

const memberWrites = new Set(['PUT', 'PATCH', 'DELETE']);

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
    if (options.comparesSuffix === true) return token.endsWith(options.token);
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
    const refusal =
      match === null
        ? 'send Authorization: Bearer <token>'
        : !isValid(match[1]!)
          ? 'the bearer token is not valid'
          : undefined;
    if (refusal !== undefined && options.appliesRefusedWrites === true && memberWrites.has(req.method)) {
      // As when the credential is checked after the handler has written: the write happens, the answer is a 401.
      answerInstead(res, 401, { error: { code: 'unauthorized', message: refusal } });
      return next();
    }
    if (refusal !== undefined) return next(new HttpError(401, 'unauthorized', refusal));
    if (options.remembersConnection === true) trustedSockets.add(req.socket);
    res.removeHeader('WWW-Authenticate');
    next();
  };
}

// Whatever the handler answers, the client gets `status` and `body`: its writes go nowhere, and
// its end sends this instead.
function answerInstead(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const end = res.end.bind(res) as (chunk: string) => Response;
  res.write = (() => true) as Response['write'];
  res.end = (() => {
    res.statusCode = status;
    res.removeHeader('etag');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(text));
    return end(text);
  }) as Response['end'];
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
