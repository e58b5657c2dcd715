// Starts the reference server on a real socket: the entry point of the CLI and of every test
// that needs a target.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { DefectName } from './defects.js';
import type { SeedCounts } from './seed-records.js';
import type { DefectTuning, ReceiverProfile } from './routes/server-context.js';
import type { ExternalSigner } from './webhooks/delivery-payload.js';
import type { SenderProfile } from './webhooks/sender-signature-schemes.js';

export interface ReferenceServerOptions {
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  /** Port; default 0 (ephemeral). */
  port?: number;
  /** Defect switches to turn on; default none. */
  defects?: readonly DefectName[];
  /** Bearer token; default 32 random hex characters. */
  token?: string;
  /** The receiver's signing secret; default random. */
  webhookSecret?: string;
  /** Sender timings; default defaultSenderTimings (150 ms time-out, 50 ms first backoff, 5 attempts). */
  webhooks?: { timeoutMs?: number; retryBaseMs?: number; maxAttempts?: number };
  /** Timings of time-based defects; defaults receiverSlowAckMs 12000, slowDeepPageMsPerItem 1. */
  defectTuning?: Partial<DefectTuning>;
  /** The signature scheme the receiver verifies; default "convention" (X-Signature). */
  receiverProfile?: ReceiverProfile;
  /** The signature scheme the sender signs in; default "convention" (X-Signature). */
  senderProfile?: SenderProfile;
  /** Signs deliveries in place of the built-in schemes: in-process only (a function does not cross a worker). */
  senderSigner?: ExternalSigner;
  /** Records each collection holds from the start (seed-records.ts); default none. */
  seedRecords?: SeedCounts;
}

export interface RunningReferenceServer {
  /** Base URL, e.g. "http://127.0.0.1:40123". */
  url: string;
  token: string;
  webhookSecret: string;
  /** Stops listening, closes every connection and ends every timer and pending delivery. */
  close(): Promise<void>;
}

/** Starts the reference server and resolves once it listens. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(16).toString('hex');
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
  const reference = createApp({
    token,
    webhookSecret,
    defects: options.defects ?? [],
    webhooks: options.webhooks ?? {},
    defectTuning: options.defectTuning ?? {},
    ...(options.receiverProfile !== undefined ? { receiverProfile: options.receiverProfile } : {}),
    ...(options.senderProfile !== undefined ? { senderProfile: options.senderProfile } : {}),
    ...(options.senderSigner !== undefined ? { senderSigner: options.senderSigner } : {}),
    seedRecords: options.seedRecords,
  });
  const server = createServer(reference.app);
  // A client that sends half a request must not hold a socket forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await reference.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}`,
    token,
    webhookSecret,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Timers first: answers waiting on a delay are released, then every socket is cut.
        await reference.close();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}
