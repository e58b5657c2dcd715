// The session-cookie-required defect: a stateful server. The first request on a connection gets
// a session cookie; later requests on that connection must send it back or get 401.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

export function createSessionCookieRequirement(): RequestHandler {
  const sessions = new WeakMap<Socket, string>();
  return (req, res, next) => {
    const session = sessions.get(req.socket);
    if (session === undefined) {
      const fresh = randomBytes(12).toString('hex');
      sessions.set(req.socket, fresh);
      res.set('Set-Cookie', `sid=${fresh}; Path=/; HttpOnly`);
      return next();
    }
    const cookies = (req.get('cookie') ?? '').split(';').map((part) => part.trim());
    if (cookies.includes(`sid=${session}`)) return next();
    next(new HttpError(401, 'session_required', 'this connection has a session; send its sid cookie'));
  };
}
