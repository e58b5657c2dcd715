// Reading requests and writing answers with plain node:http. Errors use the server's own shape,
// RFC 9457 problem details as application/problem+json (convention 7/3: error body not shown),
// where the reference answers {error: {...}} as application/json.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitBytes } from './second-server-options.js';

/** A request refused with a status and a one-line reason. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendProblem(res: ServerResponse, problem: Problem): void {
  const text = JSON.stringify({
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
  });
  res.writeHead(problem.status, {
    ...problem.headers,
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** The raw body, or a 413 Problem once it passes `limit` (the rest is not read). */
export async function readRawBody(req: IncomingMessage, limit = bodyLimitBytes): Promise<Buffer> {
  if (isDeclaredAbove(req, limit)) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** True when the request's Content-Length announces more than `limit` bytes. */
export function isDeclaredAbove(req: IncomingMessage, limit: number): boolean {
  return Number(req.headers['content-length'] ?? 0) > limit;
}

/** The detail of the 400 for a body that does not parse (the malformedBodyEmpty500 quirk answers it otherwise). */
export const malformedBodyDetail = 'the body is not valid JSON';

/** The JSON object body of a write: 415 unless labelled JSON, 400 unless it parses to an object. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    throw new Problem(415, 'Unsupported Media Type', 'send the body as application/json');
  }
  const raw = await readRawBody(req);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new Problem(400, 'Bad Request', malformedBodyDetail);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Problem(422, 'Unprocessable Content', 'the body must be a JSON object');
  return value as Record<string, unknown>;
}

function tooLarge(limit: number): Problem {
  return new Problem(413, 'Content Too Large', `bodies are limited to ${limit} bytes`);
}
