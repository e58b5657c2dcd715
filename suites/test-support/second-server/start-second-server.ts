// Starts the second implementation of the convention on 127.0.0.1:0: plain node:http, no
// Express, its own store (numeric or UUID ids), cursors, sender and receiver. Test support only: it
// exists to prove the kit is not tuned to the reference server.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readDeliveryBody } from './delivery-body.js';
import { malformedBodyDetail, Problem, readJsonObject, sendJson, sendProblem } from './http-exchange.js';
import { RecordStore } from './record-store.js';
import { seedSecondServer } from './seed-records.js';
import { secondServerDocument, secondServerDocumentPath } from './second-server-openapi.js';
import { routeResource, type ResourceRouteContext } from './resource-routes.js';
import type { SecondServerOptions } from './second-server-options.js';
import { TimerRegistry } from '../../../reference-server/timer-registry.js';
import { WebhookReceiver } from './webhook-receiver.js';
import { WebhookSender } from './webhook-sender.js';

export interface RunningSecondServer {
  readonly url: string;
  readonly token: string;
  readonly receiverSecret: string;
  /** Stops listening, cuts every connection and delivery, and ends every timer. */
  close(): Promise<void>;
}

/** The receiver endpoint and its observation path (the reference uses /webhook-receiver). */
export const receiverPath = '/inbound/events';

/** Every this many API requests, the gateway answers 429 in gateway mode. */
const throttleEvery = 5;

export async function startSecondServer(options: SecondServerOptions): Promise<RunningSecondServer> {
  const token = options.token ?? randomBytes(16).toString('base64url');
  const receiverSecret = options.receiverSecret ?? randomBytes(24).toString('base64url');
  const timers = new TimerRegistry();
  const sender = new WebhookSender(
    timers,
    options.modes.digest,
    options.senderScheme,
    options.upperCaseHex,
    options.senderTimeoutMs,
  );
  const receiver = new WebhookReceiver(receiverSecret, timers, options.modes.incompleteEvent);
  const store = new RecordStore(options.modes.idStyle);
  seedSecondServer(store, options.seedRecords ?? {});
  const quirks = options.quirks ?? {};
  const ctx: ResourceRouteContext = {
    store,
    sender,
    listPolicy: options.modes,
    quirks,
  };
  let apiRequests = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://second.invalid');
    // Deliveries are not behind the API gateway: a 429 to one would be a failed delivery (7/2).
    if (req.method === 'POST' && url.pathname === receiverPath) {
      const raw = await readDeliveryBody(req, options.modes.oversized);
      // Cut before the body was read (oversized "reset"): there is no one left to answer.
      if (raw === undefined) return;
      receiver.accept(raw, req.headers['x-signature'] as string | undefined);
      return sendJson(res, 202, { accepted: true });
    }
    // Its API description is public, like Spring's, and not behind the gateway.
    if (req.method === 'GET' && url.pathname === secondServerDocumentPath)
      return sendJson(res, 200, secondServerDocument(options.modes));
    apiRequests += 1;
    if (options.modes.gateway && apiRequests % throttleEvery === 0) {
      throw new Problem(429, 'Too Many Requests', 'slow down', { 'retry-after': '0' });
    }
    if (quirks.open !== true && !hasBearer(req.headers.authorization, token)) {
      throw new Problem(401, 'Unauthorized', 'send Authorization: Bearer <token>', { 'www-authenticate': 'Bearer' });
    }
    if (await routeResource(ctx, req, res, url)) return;
    if (url.pathname.startsWith(`${receiverPath}/`) && req.method === 'GET') {
      const stats = receiver.statsOf(decodeURIComponent(url.pathname.slice(receiverPath.length + 1)));
      if (stats === undefined) throw new Problem(404, 'Not Found', 'no delivery with this event id arrived');
      return sendJson(res, 200, stats);
    }
    await routeSubscriptions(sender, req, res, url);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const problem = error instanceof Problem ? error : new Problem(500, 'Internal Server Error', 'unexpected error');
      if (res.headersSent) return void res.destroy();
      if (quirks.malformedBodyEmpty500 === true && problem.detail === malformedBodyDetail) {
        res.writeHead(500, { 'content-type': 'text/plain', 'content-length': 0, connection: 'close' });
        return void res.end();
      }
      // The rest of a refused body is not read; the connection closes after the answer.
      res.setHeader('connection', 'close');
      sendProblem(res, problem);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    receiverSecret,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        timers.close();
        sender.close();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

// POST /webhooks {url, secret} registers (the secret is never answered back); DELETE
// /webhooks/{id} removes. Anything else is 404 or 405.
async function routeSubscriptions(
  sender: WebhookSender,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const member = /^\/webhooks\/(\d+)$/.exec(url.pathname);
  if (member !== null) {
    if (req.method !== 'DELETE') throw new Problem(405, 'Method Not Allowed', 'allowed: DELETE', { allow: 'DELETE' });
    if (!sender.unsubscribe(Number(member[1]))) throw new Problem(404, 'Not Found', 'no such subscription');
    return sendJson(res, 200, { deleted: true });
  }
  if (url.pathname !== '/webhooks') throw new Problem(404, 'Not Found', 'no such resource');
  if (req.method !== 'POST') throw new Problem(405, 'Method Not Allowed', 'allowed: POST', { allow: 'POST' });
  const { url: target, secret } = await readJsonObject(req);
  if (typeof target !== 'string' || !/^https?:\/\//.test(target))
    throw new Problem(422, 'Unprocessable Content', 'url must be an http(s) URL');
  if (typeof secret !== 'string' || secret.length === 0)
    throw new Problem(422, 'Unprocessable Content', 'secret is required');
  const subscription = sender.subscribe(target, secret);
  sendJson(res, 200, { id: subscription.id, url: subscription.url });
}

function hasBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '', 'utf8');
  const expected = Buffer.from(`Bearer ${token}`, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
