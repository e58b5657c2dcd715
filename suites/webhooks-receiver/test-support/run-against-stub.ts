// Test support: runs receiver checks against a stub receiver on loopback, for behaviours the
// reference server has no defect switch for (no size limit, no answer, refused yet processed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApicertConfig } from '../../../harness/config/config-types.js';
import { loadConfig } from '../../../harness/config/load-config.js';
import { createHttpClient } from '../../../harness/http/client.js';
import type { ReadableResult } from '../../../harness/model/test-support/readable-result.js';
import { runChecks } from '../../../harness/runner/run-checks.js';
import { startLocalServer } from '../../../harness/http/test-support/local-server.js';
import type { Check } from '../../define-check.js';
import { exampleConfigPath } from '../../test-support/run-against-reference.js';

/** One delivery as the stub received it. */
export interface ReceivedDelivery {
  readonly headers: IncomingMessage['headers'];
  /** Exactly the bytes that arrived (up to the stub's read cap). */
  readonly raw: Buffer;
}

/** What the stub answers a delivery: a status, no answer at all, or a closed connection. */
export type StubAnswer =
  | {
      readonly status: number;
      readonly processedEventId?: string;
      /** Counts the event as processed this long after the answer instead of at once (a queue). */
      readonly processAfterMs?: number;
      readonly afterMs?: number;
    }
  | 'hang'
  | 'close';

export interface StubOptions {
  /** Decides the answer; `processedEventId` counts the event as processed. Default 200, processed. */
  readonly answer?: (delivery: ReceivedDelivery) => StubAnswer;
  /** Status of GET /events/{id}; default 200 with the count (404 when never processed). */
  readonly observeStatus?: number;
  readonly secret?: string;
  /** Omit observe from the config. */
  readonly withoutObserve?: boolean;
  /** Adjusts the receiver config after the stub's URL is set. */
  readonly configure?: (config: ApicertConfig) => ApicertConfig;
  readonly requestTimeoutMs?: number;
}

export interface StubRun {
  readonly results: ReadableResult[];
  readonly deliveries: ReceivedDelivery[];
}

export const stubSecret = 'stub-secret-4f1c9b27d0e8a6b3';

// Reads at most this much of a body; the rest is drained so the answer can still go out.
const readCapBytes = 64 * 1024;

/** Runs `checks` against a fresh stub receiver (which is also the base URL) and closes it. */
export async function runAgainstStub(checks: readonly Check[], options: StubOptions = {}): Promise<StubRun> {
  const deliveries: ReceivedDelivery[] = [];
  const processed = new Map<string, number>();
  const stub = await startLocalServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stub');
    const observed = /^\/events\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && observed !== null) {
      const count = processed.get(decodeURIComponent(observed[1]!));
      const status = options.observeStatus ?? (count === undefined ? 404 : 200);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ processedCount: count ?? 0 }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (size < readCapBytes) chunks.push(chunk);
      size += chunk.length;
    }
    const delivery: ReceivedDelivery = { headers: req.headers, raw: Buffer.concat(chunks) };
    deliveries.push(delivery);
    const answer = options.answer?.(delivery) ?? { status: 200, processedEventId: eventIdOf(delivery) };
    if (answer === 'hang') return;
    if (answer === 'close') return void req.socket.destroy();
    const eventId = answer.processedEventId;
    const process = () => eventId !== undefined && processed.set(eventId, (processed.get(eventId) ?? 0) + 1);
    if (answer.processAfterMs === undefined) process();
    else setTimeout(process, answer.processAfterMs);
    if (answer.afterMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.afterMs));
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end('{}');
  }

  const timeoutMs = options.requestTimeoutMs ?? 2000;
  const client = createHttpClient({
    connectTimeoutMs: timeoutMs,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
    exchangeTimeoutMs: timeoutMs,
    maxResponseBytes: 1024 * 1024,
    evidenceBodyBytes: 4096,
    followRedirects: false,
    maxRedirects: 0,
    credential: { header: 'authorization', value: 'Bearer stub-token', curlValue: 'Bearer $APICERT_TOKEN' },
    secrets: [],
  });
  try {
    const loaded = await loadConfig(exampleConfigPath);
    const receiver = {
      ...loaded.webhooks.receiver!,
      url: `${stub.origin}/hook`,
      observe: { urlTemplate: '/events/{eventId}', pointer: '/processedCount' },
    };
    if (options.withoutObserve === true) delete (receiver as { observe?: unknown }).observe;
    const base: ApicertConfig = { ...loaded, webhooks: { ...loaded.webhooks, receiver } };
    const config = options.configure ? options.configure(base) : base;
    const { results } = await runChecks({
      planned: checks.map((check) => ({ check })),
      environment: {
        config,
        baseUrl: stub.origin,
        client,
        ...(options.secret === '' ? {} : { receiverSecret: options.secret ?? stubSecret }),
      },
      runSeed: 7,
      checkTimeoutMs: 15_000,
      totalRunMs: 60_000,
    });
    return { results, deliveries };
  } finally {
    await client.close();
    await stub.close();
  }
}

/** The "id" of a delivery's JSON body, when it has one. */
export function eventIdOf(delivery: ReceivedDelivery): string | undefined {
  try {
    const body = JSON.parse(delivery.raw.toString('utf8')) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : undefined;
  } catch {
    return undefined;
  }
}
