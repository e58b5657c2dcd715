// Test support: a small API on 127.0.0.1 that keeps records and lists them by cursor, with one
// misbehaviour about its records, its credential or its answers, for the hostile-target matrix
// (hostile-targets.test.ts). It counts what it was sent, so a row can say what reached it.
import type { ServerResponse } from 'node:http';
import { listen, type HostileTarget } from './hostile-targets.js';

/** How the API misbehaves. */
export type RecordMisbehaviour =
  // None: the row every other row is compared with.
  | 'plain'
  // The first five records get ids no path segment can address as they are: `..`, `.`, their
  // percent-encoded forms (one segment once encoded) and the empty string; the rest plain ones,
  // so ids stay unique as a real API's are.
  | 'dot-ids'
  // Numeric ids counted up from 2^60, written as bare JSON numbers.
  | 'big-ids'
  // Every request with a credential is answered 401 after the 50th: a token revoked mid-run.
  | 'revoke-after-50'
  // Every request is answered 503 with Retry-After: 3600 after the 100th.
  | '503-after-100'
  // Creates are answered with 3,000 Set-Cookie headers (about 80 KiB of head).
  | 'huge-headers';

export interface HostileRecordTarget extends HostileTarget {
  /** The records it holds now, by id as written. */
  readonly records: () => ReadonlyMap<string, unknown>;
  /** Writes (POST, PUT, PATCH, DELETE) that reached a URL which is neither the collection nor one of its members. */
  readonly strayWrites: () => readonly string[];
}

const collectionPath = '/customers';
const dotIds = ['..', '.', '%2e%2e', '%2E', ''];
const bigBase = 2n ** 60n;

/** A target serving `/customers` with `kind`'s misbehaviour; every loop bounded, closed with the test. */
export async function startHostileRecordTarget(kind: RecordMisbehaviour): Promise<HostileRecordTarget> {
  const records = new Map<string, Record<string, unknown>>();
  const strayWrites: string[] = [];
  let created = 0;
  let requests = 0;
  const recordText = (id: string, fields: Record<string, unknown>): string =>
    `{"id":${kind === 'big-ids' ? id : JSON.stringify(id)},${JSON.stringify(fields).slice(1)}`;
  const target = await listen((request, response, body) => {
    requests += 1;
    const method = request.method ?? 'GET';
    const rawPath = (request.url ?? '/').split('?')[0]!;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const isCollection = rawPath === collectionPath;
    const isMember = rawPath.startsWith(`${collectionPath}/`) && rawPath.split('/').length === 3;
    if (method !== 'GET' && !isCollection && !isMember && strayWrites.length < 100)
      strayWrites.push(`${method} ${rawPath}`);
    if (kind === 'revoke-after-50' && requests > 50 && request.headers.authorization !== undefined)
      return send(response, 401, '{"error":"invalid_token"}');
    if (kind === '503-after-100' && requests > 100)
      return send(response, 503, '{"error":"maintenance"}', { 'retry-after': '3600' });
    if (method === 'POST' && isCollection) {
      const fields = parseObject(body);
      if (fields === undefined) return send(response, 400, '{"error":"malformed JSON"}');
      created += 1;
      const id =
        kind === 'big-ids'
          ? String(bigBase + BigInt(created))
          : kind === 'dot-ids' && created <= dotIds.length
            ? dotIds[created - 1]!
            : `r${created}`;
      records.set(id, fields);
      const headers =
        kind === 'huge-headers'
          ? { 'set-cookie': Array.from({ length: 3000 }, (_, i) => `c${i}=${'x'.repeat(20)}`) }
          : undefined;
      return send(response, 201, recordText(id, fields), headers);
    }
    if (isMember) {
      const id = decodeURIComponent(rawPath.slice(collectionPath.length + 1));
      const fields = records.get(id);
      if (method === 'DELETE') return send(response, records.delete(id) ? 204 : 404, '');
      if (fields === undefined) return send(response, 404, '{"error":"not found"}');
      if (method === 'PUT' || method === 'PATCH') {
        const change = parseObject(body);
        if (change === undefined) return send(response, 400, '{"error":"malformed JSON"}');
        records.set(id, method === 'PUT' ? change : { ...fields, ...change });
      }
      return send(response, 200, recordText(id, records.get(id)!));
    }
    if (isCollection && method === 'GET') {
      const ids = [...records.keys()];
      const limit = Math.min(Number(url.searchParams.get('limit')) || 10, 100);
      const after = url.searchParams.get('after');
      const start = after !== null ? ids.indexOf(after) + 1 : Number(url.searchParams.get('offset')) || 0;
      const page = ids.slice(start, start + limit);
      const hasMore = start + limit < ids.length;
      const items = page.map((id) => recordText(id, records.get(id)!)).join(',');
      return send(
        response,
        200,
        `{"items":[${items}],"next_cursor":${hasMore ? JSON.stringify(page.at(-1)) : 'null'},"has_more":${hasMore}}`,
      );
    }
    send(response, 404, '{"error":"no route"}');
  });
  return { ...target, records: () => records, strayWrites: () => strayWrites };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string | string[]> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}
