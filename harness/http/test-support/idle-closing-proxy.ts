// Test support: a TCP proxy on loopback that ends keep-alive connections left idle, as gunicorn,
// load balancers and NAT gateways do, without announcing it (no Keep-Alive hint is added):
// - `close`: after `idleMs` without a byte either way, the client's connection is closed (FIN);
//   a request written as the close arrives meets a closed connection.
// - `drop`: after `idleMs` idle, the connection is forgotten; the next bytes the client writes on
//   it are answered with a reset and never forwarded (the worst case: the client cannot notice
//   before it sends).
// Counts what it did, so a test can show the proxy did end connections under the run.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export type IdleClosing = 'close' | 'drop';

export interface IdleClosingProxy {
  /** e.g. "http://127.0.0.1:54321" */
  readonly url: string;
  /** Connections ended for idleness (`close`), and requests refused with a reset on a dropped one (`drop`). */
  stats(): { readonly connections: number; readonly closedIdle: number; readonly resetOnReuse: number };
  close(): Promise<void>;
}

export async function startIdleClosingProxy(
  targetUrl: string,
  how: IdleClosing,
  idleMs = 300,
): Promise<IdleClosingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let connections = 0;
  let closedIdle = 0;
  let resetOnReuse = 0;
  const server: Server = createServer((client) => {
    connections += 1;
    const upstream = connect({ host: target.hostname, port: Number(target.port) });
    sockets.add(client).add(upstream);
    let dropped = false;
    let timer: NodeJS.Timeout | undefined;
    const endBoth = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      client.destroy();
      upstream.destroy();
    };
    const idle = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        // Either way, bytes the client writes after this are refused with a reset, as a closed
        // socket's kernel would.
        dropped = true;
        if (how === 'close') {
          closedIdle += 1;
          client.end();
          upstream.destroy();
        }
      }, idleMs);
    };
    client.on('data', (chunk: Buffer) => {
      if (dropped) {
        resetOnReuse += 1;
        if (timer !== undefined) clearTimeout(timer);
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      idle();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      idle();
      client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', endBoth);
      socket.on('close', () => {
        sockets.delete(socket);
        endBoth();
      });
    }
    idle();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ connections, closedIdle, resetOnReuse }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
