// The network table's target: the reference server and the delay proxy in front of it, on a worker
// thread of their own. A staging server and the network to it are not on the kit's machine, let
// alone its thread: on one thread the server's Express work and the proxy's forwarding took turns
// with the kit's, and the table timed the three together. On the worker they get the second core.
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface TargetOptions {
  readonly delayMs: number;
}

interface ProxyStats {
  readonly requests: number;
  readonly peakInFlight: number;
}

type Started = { readonly url: string; readonly token: string; readonly webhookSecret: string } | { readonly error: string };

export interface NetworkTarget {
  /** The proxy's base URL: the one to run against. */
  readonly url: string;
  readonly token: string;
  readonly webhookSecret: string;
  /** Stops the proxy and the server, and says how many requests reached the proxy. */
  close(): Promise<ProxyStats>;
}

/** Starts a fresh reference server behind a proxy adding `delayMs` to every request, on a worker. */
export async function startNetworkTarget(delayMs: number): Promise<NetworkTarget> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { delayMs } satisfies TargetOptions });
  const [started] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([error]) => [{ error: String(error) }])])) as [Started];
  if ('error' in started) {
    await worker.terminate();
    throw new Error(`the bench's target did not start: ${started.error}`);
  }
  return {
    ...started,
    async close() {
      const exited = once(worker, 'exit');
      const answered = once(worker, 'message');
      worker.postMessage('close');
      const [stats] = (await answered) as [ProxyStats];
      await exited;
      return stats;
    },
  };
}

if (!isMainThread && parentPort !== null) {
  const port = parentPort;
  const { delayMs } = workerData as TargetOptions;
  try {
    const { startReferenceServer } = await import('../reference-server/start.js');
    const { startDelayProxy } = await import('./delay-proxy.js');
    const server = await startReferenceServer({ port: 0 });
    const proxy = await startDelayProxy(server.url, delayMs);
    port.once('message', () => {
      const stats = proxy.stats();
      void proxy
        .close()
        .then(() => server.close())
        .then(() => {
          port.postMessage(stats satisfies ProxyStats);
          port.close();
        });
    });
    port.postMessage({ url: proxy.url, token: server.token, webhookSecret: server.webhookSecret } satisfies Started);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Started);
  }
}
