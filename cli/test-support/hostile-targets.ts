// Test support: small targets on 127.0.0.1 that each misbehave in one way, for the hostile-target
// matrix (hostile-targets.test.ts). Each answers creates with a record and lists with its one
// misbehaviour; every loop is bounded and every server closes with the test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface HostileTarget {
  readonly url: string;
  close(): Promise<void>;
}

/** How a list answers. */
export type ListMisbehaviour = 'growing-cursor' | 'long-cursor' | 'huge-page' | 'deep-json';

// Ids of the huge page: more than a call's argument limit, under the default 4 MiB response cap.
const hugePageIds = 280_000;
const cursorGrowthChars = 10_000;
const longCursorBytes = 600_000;

/** A target whose list answers misbehave as `kind` says; creates, reads and deletes answer plainly. */
export async function startHostileListTarget(kind: ListMisbehaviour): Promise<HostileTarget> {
  let nextId = 0;
  const hugePage =
    kind === 'huge-page'
      ? JSON.stringify({
          items: Array.from({ length: hugePageIds }, (_, id) => ({ id })),
          next_cursor: null,
          has_more: false,
        })
      : '';
  const deep = kind === 'deep-json' ? '['.repeat(100_000) + ']'.repeat(100_000) : '';
  return listen((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const isList = request.method === 'GET' && url.pathname.split('/').length % 2 === 0;
    if (request.method === 'POST') return sendJson(response, 201, { id: `r${(nextId += 1)}`, name: 'x' });
    if (request.method === 'DELETE') return sendJson(response, 204, undefined);
    if (!isList) return sendJson(response, 200, { id: url.pathname.split('/').at(-1), name: 'x' });
    switch (kind) {
      case 'growing-cursor': {
        // Each page's cursor is 10,000 characters longer than the one it answers.
        const after = url.searchParams.get('after') ?? '';
        return sendJson(response, 200, {
          items: [{ id: `p${after.length}` }],
          next_cursor: `${after}${'c'.repeat(cursorGrowthChars)}`,
          has_more: true,
        });
      }
      case 'long-cursor':
        // A new cursor of 1.2 MB on every page: more than the kit follows, on every list it reads.
        return sendJson(response, 200, {
          items: [{ id: `p${(nextId += 1)}` }],
          next_cursor: randomBytes(longCursorBytes).toString('hex'),
          has_more: true,
        });
      case 'huge-page':
        return sendText(response, 200, hugePage);
      case 'deep-json':
        return sendText(response, 200, deep);
    }
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  sendText(response, status, body === undefined ? '' : JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(text);
}

/** A server on 127.0.0.1 that hands each request to `handler` with its body (the first 64 KiB). */
export async function listen(
  handler: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<HostileTarget> {
  // Huge request heads are accepted, so a growing cursor comes back as a URL of any length.
  const server: Server = createServer({ maxHeaderSize: 16 * 1024 * 1024 }, (request, response) => {
    let body = '';
    request
      .setEncoding('utf8')
      .on('data', (chunk: string) => (body += chunk.length + body.length > 65_536 ? '' : chunk));
    request.on('end', () => handler(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
