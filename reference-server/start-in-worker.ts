// Starts the reference server on a worker thread of this process, for `npm run demo`: the server's
// work (Express, JSON, the sender's deliveries) runs on a second core beside the kit's, where one
// thread would take turns between them. The options and the answer cross the thread as plain data.
import { isMainThread, workerData } from 'node:worker_threads';
import type { ReferenceServerOptions, RunningReferenceServer } from './start.js';
import { serveOnWorker, startOnWorker } from './worker-thread.js';

interface Started {
  readonly url: string;
  readonly token: string;
  readonly webhookSecret: string;
}

/** Starts the server in a worker and resolves once it listens; close() stops the server, then the worker. */
export async function startReferenceServerInWorker(
  options: ReferenceServerOptions = {},
): Promise<RunningReferenceServer> {
  const worker = await startOnWorker<Started, null>(new URL(import.meta.url), options, 'the reference server');
  return { ...worker.started, close: async () => void (await worker.close()) };
}

if (!isMainThread) {
  await serveOnWorker<Started, null>(async () => {
    // Imported here only: the thread that starts the worker never loads Express.
    const { startReferenceServer } = await import('./start.js');
    const server = await startReferenceServer(workerData as ReferenceServerOptions);
    return {
      started: { url: server.url, token: server.token, webhookSecret: server.webhookSecret },
      close: async () => (await server.close(), null),
    };
  });
}
