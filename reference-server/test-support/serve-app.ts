// Serves createApp() on 127.0.0.1:0 for tests that need its extra options (a pinned clock).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions, type ReferenceApp } from '../app.js';

export interface ServedApp {
  readonly url: string;
  readonly reference: ReferenceApp;
  close(): Promise<void>;
}

export async function serveApp(options: AppOptions): Promise<ServedApp> {
  const reference = createApp(options);
  const server = createServer(reference.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reference,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await reference.close();
      server.closeAllConnections();
      await stopped;
    },
  };
}
