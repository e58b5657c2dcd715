// The reader of an API without a description is bounded: it stops after readLimits.maxRequests
// requests, once its deadline has passed (told by a clock it is given), and after two requests in a
// row that got no answer; and it says which stop ended it.
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../http/test-support/local-server.js';
import { controlPath, readLimits, readUndocumentedApi } from './read-undocumented-api.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('reading an API without a description', () => {
  it(`stops after ${readLimits.maxRequests} requests on a target that links more lists than that`, async () => {
    let received = 0;
    const links = Array.from({ length: 60 }, (_, i) => `/things${i}`);
    server = await startLocalServer((req, res) => {
      received += 1;
      res.setHeader('content-type', 'application/json');
      if (req.url === '/')
        return res.end(JSON.stringify(Object.fromEntries(links.map((link) => [link.slice(1), link]))));
      if (req.url === controlPath) {
        res.statusCode = 404;
        return res.end('{}');
      }
      // Every other path a list of records with ids, whose member reads answer too.
      res.end(req.url?.split('/').length === 3 ? '{"id":1}' : '[{"id":1},{"id":2}]');
    });
    const read = await readUndocumentedApi(server.origin, { headers: {}, sentToken: false });
    expect(read.requests).toBe(readLimits.maxRequests);
    expect(received).toBe(readLimits.maxRequests);
    expect(read.stopped).toBe(`after ${readLimits.maxRequests} requests`);
  });

  it('stops at its deadline', async () => {
    server = await startLocalServer((_req, res) => {
      res.statusCode = 404;
      res.end('{}');
    });
    let clock = 0;
    // Each reading of the clock moves it on a quarter of the deadline: the read ends after a few requests.
    const read = await readUndocumentedApi(server.origin, {
      headers: {},
      sentToken: false,
      now: () => (clock += readLimits.deadlineMs / 4),
    });
    expect(read.requests).toBeLessThan(5);
    expect(read.stopped).toBe(`after ${readLimits.deadlineMs / 1000} s`);
  });

  it('stops after two requests in a row that got no answer', async () => {
    server = await startLocalServer((req) => req.socket.destroy());
    const read = await readUndocumentedApi(server.origin, { headers: {}, sentToken: false });
    expect(read.requests).toBe(readLimits.unansweredInARow);
    expect(read.stopped).toMatch(/^the target stopped answering \(GET \S+: /);
  });
});
