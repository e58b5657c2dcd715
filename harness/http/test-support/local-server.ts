// A node:http server on 127.0.0.1:0 for client tests; close() also destroys hung connections, so a
// test of a hostile target never keeps the process alive.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalServer {
  readonly server: Server;
  /** e.g. "http://127.0.0.1:54321" */
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts a server with `handler` on an ephemeral loopback port. */
export async function startLocalServer(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening on it (a server bound it, then closed). */
export async function findClosedPort(): Promise<number> {
  const probe = await startLocalServer((_req, res) => res.end());
  await probe.close();
  return probe.port;
}
