// A known path with an unsupported method: 405 with Allow, instead of a misleading 404.
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

export function methodNotAllowed(allowed: string): RequestHandler {
  return (req, res, next) => {
    res.set('Allow', allowed);
    next(new HttpError(405, 'method_not_allowed', `${req.method} is not supported here; use ${allowed}`));
  };
}

/** Unknown routes: 404 with the JSON error body. */
export const routeNotFound: RequestHandler = (req, _res, next) => {
  const path = req.path.length > 100 ? `${req.path.slice(0, 100)}…` : req.path;
  next(new HttpError(404, 'not_found', `no route for ${req.method} ${path}`));
};
