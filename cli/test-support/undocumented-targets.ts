// Test support: APIs that publish no description, for `apicert init --base-url` without a document:
// the reference server with its document hidden, a small API of another shape, and hostile ones.
// Each listens on 127.0.0.1:0 and closes with the test.
import type { ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../../harness/http/test-support/local-server.js';
import { usualDocumentPaths } from '../read-description.js';

const sendJson = (response: ServerResponse, status: number, body: unknown): void =>
  void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The reference server at `target`, with its description hidden: every usual document place answers 404. */
export function startHiddenDocumentProxy(target: string): Promise<LocalServer> {
  return startLocalServer((request, response) => {
    const path = request.url ?? '/';
    if (request.method !== 'GET' || usualDocumentPaths.includes(path.split('?')[0]!))
      return sendJson(response, 404, { error: 'not found' });
    const authorization = request.headers.authorization;
    void fetch(`${target}${path}`, { headers: authorization === undefined ? {} : { authorization } })
      .then(async (answer) => sendJson(response, answer.status, await answer.json().catch(() => ({}))))
      .catch(() => sendJson(response, 502, {}));
  });
}

/**
 * An API unlike the convention: a root linking its collections (a plain URL and a HAL link), widgets
 * as {data: [...]} with a "uuid" id, gadgets as a bare array; no credential asked.
 */
export function startEnvelopeApi(): Promise<LocalServer> {
  const widgets = [
    { uuid: 'w-1', name: 'Sprocket', size: 3, createdAt: '2024-01-01T00:00:00Z' },
    { uuid: 'w-2', name: 'Cog', size: 5, createdAt: '2024-01-02T00:00:00Z' },
  ];
  const gadgets = [{ id: 7, label: 'Lever' }];
  let origin = '';
  const started = startLocalServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/')
      return sendJson(response, 200, {
        widgets: `${origin}/widgets`,
        _links: { gadgets: { href: '/gadgets' } },
        elsewhere: 'https://example.com/users',
      });
    if (path === '/widgets') return sendJson(response, 200, { data: widgets });
    if (path.startsWith('/widgets/')) {
      const widget = widgets.find((candidate) => `/widgets/${candidate.uuid}` === path);
      return widget === undefined ? sendJson(response, 404, {}) : sendJson(response, 200, widget);
    }
    if (path === '/gadgets') return sendJson(response, 200, gadgets);
    if (path === '/gadgets/7') return sendJson(response, 200, gadgets[0]);
    return sendJson(response, 404, { error: 'not found' });
  });
  return started.then((server) => {
    origin = server.origin;
    return server;
  });
}

/** A target that accepts connections and never answers. */
export function startHangingTarget(): Promise<LocalServer> {
  return startLocalServer(() => undefined);
}

// Bytes the endless answers send at most, should a reader never stop: far past every bound of init.
const endlessBytes = 64 * 1024 * 1024;

/** A target that redirects its root and /users to another host and sends /items (and its documents) without end. */
export function startFloodingTarget(): Promise<LocalServer> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return startLocalServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/' || path === '/users')
      return void response.writeHead(302, { location: 'http://203.0.113.7/' }).end();
    if (path !== '/items' && !usualDocumentPaths.includes(path)) return sendJson(response, 404, {});
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[');
    let sent = 0;
    const pump = (): void => {
      while (sent < endlessBytes && !response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('close', () => (sent = endlessBytes));
    pump();
  });
}
