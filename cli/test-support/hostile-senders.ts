// Test support: webhook senders that turn on the kit's sink, for the hostile-target matrix
// (hostile-senders.test.ts). Each registration (POST /webhooks {url}) is answered 201 and starts an
// attack on that URL; records are created and deleted plainly and never cause a real event. Every
// loop is bounded, and every socket is destroyed when the target closes.
import { connect, type Socket } from 'node:net';
import { listen, sendJson, type HostileTarget } from './hostile-targets.js';

/** What the sender does to each subscriber URL it is given. */
export type SinkAttack =
  // 60 deliveries of near 1 MiB, four at a time: more than the sink keeps.
  | 'near-cap-flood'
  // 1,500 small deliveries, eight at a time, each about a record nobody made: more than a channel keeps.
  | 'small-flood'
  // 500 connections that send their head a line a second, 4 requests with a 1 MiB header, and
  // 4 chunked bodies that never end.
  | 'slow-and-endless';

export const attackSizes = {
  nearCapDeliveries: 60,
  nearCapBodyBytes: 1024 * 1024 - 1024,
  smallDeliveries: 1500,
  slowConnections: 500,
  hugeHeaderBytes: 1024 * 1024,
  endlessBodies: 4,
} as const;

/** Starts a sender that attacks each subscriber URL registered with it as `attack` says. */
export async function startHostileSender(attack: SinkAttack): Promise<HostileTarget> {
  let nextId = 0;
  let closed = false;
  const sockets = new Set<Socket>();
  const attacks: Promise<void>[] = [];
  const post = async (sinkUrl: string, body: string): Promise<void> => {
    if (closed) return;
    await fetch(sinkUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'sha256=00' },
      body,
    }).then(
      (answer) => answer.arrayBuffer(),
      () => undefined,
    );
  };
  const inParallel = async (width: number, total: number, send: (n: number) => Promise<void>): Promise<void> => {
    let sent = 0;
    const worker = async (): Promise<void> => {
      while (sent < total && !closed) await send((sent += 1));
    };
    await Promise.all(Array.from({ length: width }, worker));
  };
  // A raw socket to the sink, written by `feed` until the sink ends it or the target closes.
  const rawRequest = (sinkUrl: string, feed: (socket: Socket, path: string) => void): void => {
    const { hostname, port, pathname } = new URL(sinkUrl);
    const socket = connect(Number(port), hostname, () => feed(socket, pathname));
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const every = (socket: Socket, ms: number, times: number, write: (n: number) => string): void => {
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      if (n > times || closed || socket.destroyed) return void clearInterval(timer);
      socket.write(write(n));
    }, ms);
    socket.on('close', () => clearInterval(timer));
  };
  const attackOf = async (sinkUrl: string): Promise<void> => {
    switch (attack) {
      case 'near-cap-flood': {
        const padding = 'x'.repeat(attackSizes.nearCapBodyBytes);
        return inParallel(4, attackSizes.nearCapDeliveries, (n) =>
          post(sinkUrl, JSON.stringify({ event: 'customer.created', id: `ev${n}`, data: { id: `r${n}`, padding } })),
        );
      }
      case 'small-flood':
        return inParallel(8, attackSizes.smallDeliveries, (n) =>
          post(sinkUrl, JSON.stringify({ event: 'customer.created', id: `ev${n}`, data: { id: `x${n}` } })),
        );
      case 'slow-and-endless': {
        const head = (path: string): string => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
        for (let i = 0; i < attackSizes.slowConnections; i += 1)
          rawRequest(sinkUrl, (socket, path) => {
            socket.write(head(path));
            every(socket, 1000, 60, (n) => `X-Slow-${n}: ${n}\r\n`);
          });
        for (let i = 0; i < 4; i += 1)
          rawRequest(sinkUrl, (socket, path) =>
            socket.write(`${head(path)}X-Huge: ${'h'.repeat(attackSizes.hugeHeaderBytes)}\r\n\r\n`),
          );
        for (let i = 0; i < attackSizes.endlessBodies; i += 1)
          rawRequest(sinkUrl, (socket, path) => {
            socket.write(`${head(path)}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
            const chunk = `10000\r\n${'e'.repeat(0x10000)}\r\n`;
            every(socket, 20, 1500, () => chunk);
          });
        return;
      }
    }
  };
  const target = await listen((request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/webhooks') {
      const sinkUrl = (JSON.parse(body) as { url?: string }).url;
      sendJson(response, 201, { id: `wh${(nextId += 1)}` });
      if (typeof sinkUrl === 'string') attacks.push(attackOf(sinkUrl).catch(() => undefined));
      return;
    }
    if (request.method === 'POST') return sendJson(response, 201, { id: `r${(nextId += 1)}`, name: 'x' });
    if (request.method === 'DELETE') return sendJson(response, 204, undefined);
    return sendJson(response, 200, { items: [], next_cursor: null, has_more: false });
  });
  return {
    url: target.url,
    close: async () => {
      closed = true;
      for (const socket of sockets) socket.destroy();
      await target.close();
      await Promise.allSettled(attacks);
    },
  };
}
