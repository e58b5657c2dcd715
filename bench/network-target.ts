// The network table's target: the reference server and the delay proxy in front of it, on a worker
// thread of their own. A staging server and the network to it are not on the kit's machine, let
// alone its thread: on one thread the server's Express work and the proxy's forwarding took turns
// with the kit's, and the table timed the three together. On the worker they get the second core.
import { isMainThread, workerData } from 'node:worker_threads';
import type { SeedCounts } from '../reference-server/seed-records.js';
import { serveOnWorker, startOnWorker } from '../reference-server/worker-thread.js';

interface TargetOptions {
  readonly delayMs: number;
  /** Records each collection holds from the start (the data-volume table). */
  readonly seedRecords?: SeedCounts;
}

interface ProxyStats {
  readonly requests: number;
  readonly peakInFlight: number;
}

interface Started {
  readonly url: string;
  readonly token: string;
  readonly webhookSecret: string;
}

export interface NetworkTarget extends Started {
  /** The proxy's base URL (`url`) is the one to run against. Stops the proxy and the server, and says how many requests reached the proxy. */
  close(): Promise<ProxyStats>;
}

/**
 * Starts a fresh reference server behind a proxy adding `delayMs` to every request, on a worker;
 * `seedRecords` fills its lists first.
 */
export async function startNetworkTarget(delayMs: number, seedRecords: SeedCounts = {}): Promise<NetworkTarget> {
  const worker = await startOnWorker<Started, ProxyStats>(
    new URL(import.meta.url),
    { delayMs, seedRecords } satisfies TargetOptions,
    "the bench's target",
  );
  return { ...worker.started, close: () => worker.close() };
}

if (!isMainThread) {
  await serveOnWorker<Started, ProxyStats>(async () => {
    const { delayMs, seedRecords } = workerData as TargetOptions;
    const { startReferenceServer } = await import('../reference-server/start.js');
    const { startDelayProxy } = await import('./delay-proxy.js');
    const server = await startReferenceServer({ port: 0, seedRecords });
    const proxy = await startDelayProxy(server.url, delayMs);
    return {
      started: { url: proxy.url, token: server.token, webhookSecret: server.webhookSecret },
      async close() {
        const stats = proxy.stats();
        await proxy.close();
        await server.close();
        return stats;
      },
    };
  });
}
