// Test support: a target on 127.0.0.1:0 whose creates make a record but answer 201 with a body no
// JSON parser reads, with or without a Location header, so a test can see what the kit leaves
// behind. Everything else is a plain collection of /customers, kept in memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../../harness/http/test-support/local-server.js';

/** How a create is answered: always 201 and a broken body; `location` says where the record is. */
export type CreateAnswerStyle =
  /** A broken body and a Location header with the member's URL (absolute, on the server's origin). */
  | 'broken-with-location'
  /** A broken body that names nothing, and no Location. */
  | 'broken'
  /** The record's JSON, cut short after its id. */
  | 'cut-after-id';

export interface UnreadableCreateServer {
  readonly origin: string;
  /** The records on the server now, by id. */
  readonly records: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** How many creates the server answered. */
  readonly creates: () => number;
  close(): Promise<void>;
}

const collectionPath = '/customers';

export async function startUnreadableCreateServer(style: CreateAnswerStyle): Promise<UnreadableCreateServer> {
  const records = new Map<string, Record<string, unknown>>();
  let created = 0;
  const server = await startLocalServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req as AsyncIterable<Buffer>) text += chunk.toString('utf8');
    const path = new URL(req.url ?? '/', server.origin).pathname;
    const memberId = path.startsWith(`${collectionPath}/`)
      ? decodeURIComponent(path.slice(collectionPath.length + 1))
      : undefined;
    if (req.method === 'POST' && path === collectionPath) {
      created += 1;
      const id = `cus_${created}`;
      const record = { id, ...(JSON.parse(text || '{}') as Record<string, unknown>) };
      records.set(id, record);
      const full = JSON.stringify(record);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (style === 'broken-with-location') headers.location = `${server.origin}${collectionPath}/${id}`;
      const body =
        style === 'cut-after-id' ? full.slice(0, full.indexOf(`"${id}"`) + id.length + 3) : '{"status": created, oops';
      return void res.writeHead(201, headers).end(body);
    }
    if (req.method === 'GET' && path === collectionPath) {
      return void sendJson(res, 200, { items: [...records.values()], next_cursor: null, has_more: false });
    }
    if (memberId !== undefined && !memberId.includes('/')) {
      const record = records.get(memberId);
      if (record === undefined) return void sendJson(res, 404, { error: 'not found' });
      if (req.method === 'GET') return void sendJson(res, 200, record);
      if (req.method === 'DELETE') {
        records.delete(memberId);
        return void res.writeHead(204).end();
      }
    }
    sendJson(res, 404, { error: 'not found' });
  }

  return { origin: server.origin, records, creates: () => created, close: () => server.close() };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
