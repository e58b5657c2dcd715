// The rate-limited variant: an API gateway over its quota. Every fourth API request is answered 429 with
// Retry-After and not processed, whatever it was; the convention leaves rate limits open (section 8).
import type { RequestHandler } from 'express';

/** Answers every `every`-th request with 429 and `Retry-After: retryAfterSeconds`. */
export function createRateLimit(options: {
  readonly every: number;
  readonly retryAfterSeconds: number;
}): RequestHandler {
  let seen = 0;
  return (_req, res, next) => {
    seen += 1;
    if (seen % options.every !== 0) return next();
    res
      .status(429)
      .set('Retry-After', String(options.retryAfterSeconds))
      .json({ error: { code: 'rate_limited', message: 'too many requests; retry later' } });
  };
}
