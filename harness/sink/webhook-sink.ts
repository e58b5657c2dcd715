// The capturing webhook sink: a real HTTP(S) server the target delivers to. Each check opens its own
// channel (an unguessable path), scripts how deliveries are answered, and waits on what arrives.
// The caller is untrusted: bodies are capped, connections are capped, every hold has a timer, and
// close() ends every socket, timer and waiter.
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readBoundedFile } from '../config/read-bounded-file.js';
import type { EvidencePolicy } from '../http/exchange-record.js';
import { derivedFromSecrets } from '../http/growing-secrets.js';
import { secretVariants } from '../http/redact.js';
import { toIsoTimestamp } from '../http/iso-timestamp.js';
import { ACCEPT_STATUS, type AnswerScript, type ChosenAnswer } from './answer-script.js';
import { ByteBudget } from './byte-budget.js';
import { DeliveryLog } from './delivery-log.js';
import { conventionSignatureHeaders, toDeliveryRecord } from './delivery-record.js';
import { toSinkListenError, toSinkTlsError } from './listen-error.js';
import { readDelivery } from './read-delivery.js';
import type { SinkChannel, WebhookSink, WebhookSinkOptions } from './sink-types.js';
import { channelIdOf, channelUrl, sinkBaseUrl } from './sink-url.js';

/** Deliveries kept per channel; a check needs a handful, a flood gets 429s. */
export const maxDeliveriesPerChannel = 1000;
const TOO_MANY_STATUS = 429;

/** Status for a body over maxBodyBytes. */
const TOO_LARGE_STATUS = 413;

interface OpenChannel {
  readonly log: DeliveryLog;
  /** Ends every answer this channel still holds. */
  readonly releases: Set<() => void>;
}

/** Starts the sink and resolves once it listens. Throws SinkListenError when it cannot. */
export async function startWebhookSink(options: WebhookSinkOptions): Promise<WebhookSink> {
  const server = await createSinkServer(options);
  const channels = new Map<string, OpenChannel>();
  const heldTimers = new Set<NodeJS.Timeout>();
  // Read when records are made, never kept: the run's secrets can grow (a refreshed token).
  const redaction = derivedFromSecrets(options.secrets, (given) => {
    const policy: EvidencePolicy = {
      evidenceBodyBytes: options.evidenceBodyBytes,
      secrets: secretVariants([options.secret, ...given]),
    };
    // A dropped body keeps enough for its evidence record, and for a secret straddling the cut to be
    // redacted whole (see recordBody).
    const evidencePrefixBytes =
      options.evidenceBodyBytes + Math.max(0, ...policy.secrets.map((secret) => Buffer.byteLength(secret))) + 4;
    return { policy, evidencePrefixBytes };
  });
  const signatureHeaders = options.signatureHeaders ?? conventionSignatureHeaders;
  // Every channel draws on this, so many open channels together stay under maxBytesKept too.
  const keptBudget = new ByteBudget(options.maxBytesKept);

  server.maxConnections = options.maxConnections;
  // Bounds a caller that sends headers or a body slowly; held answers come after the request, so
  // they are bounded by their own timers instead.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const refused = { overConnectionCap: 0, unreadable: 0, cutOff: 0, channelFull: 0 };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => void handleRequest(req, res));
  // A malformed request must not surface as an unhandled error.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // A request the sink could not read (HPE_: malformed, headers over the limit; or too slow to
    // send them); a sender resetting its own idle connection is no refusal.
    if (error.code?.startsWith('HPE_') === true || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') refused.unreadable += 1;
    socket.destroy();
  });
  server.on('drop', () => (refused.overConnectionCap += 1));

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrival = { receivedAt: toIsoTimestamp(Date.now()), receivedAtMs: performance.now() };
    const channelId = channelIdOf(req.url ?? '/');
    const channel = channelId === undefined ? undefined : channels.get(channelId);
    if (channel === undefined) return void sendQuickly(res, 404, { error: 'no such sink channel' });
    // A channel the check has closed still acknowledges, so a late retry does not loop.
    if (channel.log.isClosed) return void sendQuickly(res, ACCEPT_STATUS, {});
    // A sender that floods one channel is answered, not stored: memory stays bounded.
    if (channel.log.isFull) {
      refused.channelFull += 1;
      return void sendQuickly(res, TOO_MANY_STATUS, { error: `more than ${maxDeliveriesPerChannel} deliveries` });
    }
    const captured = await readDelivery(req, options.maxBodyBytes, arrival);
    if (captured === undefined) refused.cutOff += 1;
    if (captured === undefined || channel.log.isClosed) return void res.destroy();
    const added = channel.log.add(captured);
    // About none of the records the check waits on: someone else's event, acknowledged at once.
    if (added.kind === 'ignored') return void sendQuickly(res, ACCEPT_STATUS, {});
    const { sequence, answer } = added;
    const afterMs = (): number => performance.now() - arrival.receivedAtMs;
    if (captured.isBodyTruncated) {
      sendQuickly(res, TOO_LARGE_STATUS, { error: `body over ${options.maxBodyBytes} bytes` });
      channel.log.settle(sequence, { state: 'answered', status: TOO_LARGE_STATUS, afterMs: afterMs(), late: false });
      return;
    }
    carryOut(answer, req, res, channel, (settled) => channel.log.settle(sequence, settled(afterMs())));
  }

  function carryOut(
    answer: ChosenAnswer,
    req: IncomingMessage,
    res: ServerResponse,
    channel: OpenChannel,
    settle: (build: (afterMs: number) => Parameters<DeliveryLog['settle']>[1]) => void,
  ): void {
    if (answer.kind === 'respond') {
      // A scripted 3xx points back at the URL the sender called (relative, so it holds behind a
      // tunnel too): a sender that follows it delivers to the registered URL again.
      const location = answer.status >= 300 && answer.status < 400 ? (req.url ?? '/') : undefined;
      send(res, answer.status, answer.status < 300 ? {} : { error: 'scripted failure' }, location);
      settle((afterMs) => ({ state: 'answered', status: answer.status, afterMs, late: false }));
      return;
    }
    if (answer.kind === 'cut') {
      const isReset = answer.how === 'reset' && resetConnection(req);
      if (!isReset) res.destroy();
      settle((afterMs) => ({ state: 'destroyed', afterMs, isReset }));
      return;
    }
    const release = (): void => {
      clearTimeout(timer);
      heldTimers.delete(timer);
      channel.releases.delete(release);
      res.off('close', onSenderClosed);
      if (res.destroyed) return;
      if (answer.afterHold === 'answer') {
        send(res, ACCEPT_STATUS, {});
        settle((afterMs) => ({ state: 'answered', status: ACCEPT_STATUS, afterMs, late: true }));
      } else {
        res.destroy();
        settle((afterMs) => ({ state: 'destroyed', afterMs }));
      }
    };
    // The sender closing a held connection is the sign it timed out.
    const onSenderClosed = (): void => {
      if (res.writableEnded) return;
      clearTimeout(timer);
      heldTimers.delete(timer);
      channel.releases.delete(release);
      settle((afterMs) => ({ state: 'sender-closed', afterMs }));
    };
    const timer = setTimeout(release, answer.holdMs);
    heldTimers.add(timer);
    channel.releases.add(release);
    res.once('close', onSenderClosed);
  }

  await listen(server, options.host, options.port);
  const address = server.address() as AddressInfo;
  const isHttps = options.tls !== undefined;
  const baseUrl = sinkBaseUrl({ host: options.host, port: address.port, isHttps }, options.publicUrl);
  let closing: Promise<void> | undefined;

  return {
    url: baseUrl,
    isHttps,
    secret: options.secret,
    keptBytes: () => keptBudget.used,
    refusals: () => ({ ...refused }),
    openChannel(script: AnswerScript = { kind: 'accept' }): SinkChannel {
      const id = randomBytes(12).toString('hex');
      const log = new DeliveryLog({
        script,
        maxEntries: maxDeliveriesPerChannel,
        budget: new ByteBudget(options.maxBytesKeptPerChannel, keptBudget),
        evidencePrefixBytes: redaction().evidencePrefixBytes,
        ...(options.parseJson !== undefined ? { parse: options.parseJson } : {}),
        signatureHeaders,
      });
      const channel: OpenChannel = { log, releases: new Set() };
      channels.set(id, channel);
      const url = channelUrl(baseUrl, id);
      return {
        url,
        setScript: (next) => channel.log.setScript(next),
        watch: (recordIds) => channel.log.watch(recordIds.map(String)),
        ignored: () => channel.log.ignored,
        deliveries: () => channel.log.deliveries(),
        waitFor: (predicate, timeoutMs, signal) => channel.log.waitFor(predicate, timeoutMs, signal),
        records: () =>
          channel.log
            .deliveries()
            .map((delivery) => toDeliveryRecord(delivery, baseUrl, redaction().policy, signatureHeaders)),
        keptBytes: () => channel.log.keptBytes,
        close: () => closeChannel(channel),
      };
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const channel of channels.values()) closeChannel(channel);
        for (const timer of heldTimers) clearTimeout(timer);
        heldTimers.clear();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

function closeChannel(channel: OpenChannel): void {
  if (channel.log.isClosed) return;
  for (const release of [...channel.releases]) release();
  channel.log.close();
}

async function createSinkServer(options: WebhookSinkOptions): Promise<Server> {
  if (options.tls === undefined) return createHttpServer();
  const cert = await readTlsFile(options.tls.certFile, `the certificate file "${options.tls.certFile}"`);
  const key = await readTlsFile(options.tls.keyFile, `the key file "${options.tls.keyFile}"`);
  try {
    return createHttpsServer({ cert, key });
  } catch (error) {
    throw toSinkTlsError(error, 'the certificate and key');
  }
}

/** The largest TLS file read: a PEM certificate chain or key is a few kilobytes. */
const MAX_TLS_FILE_BYTES = 1024 * 1024;

// Bounded like every local input: a device or a pipe named as a PEM file is refused, not read forever.
async function readTlsFile(path: string, what: string): Promise<Buffer> {
  const read = await readBoundedFile(path, MAX_TLS_FILE_BYTES);
  if (!read.ok) throw toSinkTlsError(new Error(`it ${read.reason}`), what);
  return read.bytes;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: unknown): void => reject(toSinkListenError(error, host, port));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>, location?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(location !== undefined ? { location } : {}),
  });
  res.end(text);
}

// RST instead of FIN: the sender sees ECONNRESET. Only a plain TCP socket can be reset (a TLS one
// throws), so false means "not reset": the caller closes the connection instead.
function resetConnection(req: IncomingMessage): boolean {
  try {
    req.socket.resetAndDestroy();
    return true;
  } catch {
    return false;
  }
}

// Answers without reading the body, and closes the connection so an unread body cannot linger.
function sendQuickly(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.setHeader('connection', 'close');
  send(res, status, body);
}
