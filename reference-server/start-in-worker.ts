// Starts the reference server on a worker thread of this process, for `npm run demo`: the server's
// work (Express, JSON, the sender's deliveries) runs on a second core beside the kit's, where one
// thread would take turns between them. The options and the answer cross the thread as plain data.
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ReferenceServerOptions, RunningReferenceServer } from './start.js';

type Started = { readonly url: string; readonly token: string; readonly webhookSecret: string } | { readonly error: string };

/** Starts the server in a worker and resolves once it listens; close() stops the server, then the worker. */
export async function startReferenceServerInWorker(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const [started] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([error]) => [{ error: String(error) }])])) as [Started];
  if ('error' in started) {
    await worker.terminate();
    throw new Error(`the reference server did not start: ${started.error}`);
  }
  let closing: Promise<void> | undefined;
  return {
    ...started,
    close() {
      closing ??= (async () => {
        const closed = once(worker, 'exit');
        worker.postMessage('close');
        await closed;
      })();
      return closing;
    },
  };
}

if (!isMainThread && parentPort !== null) {
  const port = parentPort;
  try {
    // Imported here only: the thread that starts the worker never loads Express.
    const { startReferenceServer } = await import('./start.js');
    const server = await startReferenceServer(workerData as ReferenceServerOptions);
    port.once('message', () => {
      void server.close().then(() => port.close());
    });
    port.postMessage({ url: server.url, token: server.token, webhookSecret: server.webhookSecret } satisfies Started);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Started);
  }
}
