// A saturated sink is the kit's problem, not the target's (issue 36, item 4). Something else on the
// machine holds every connection the kit's sink allows (webhooks.sender.sink.maxConnections), idle,
// as a slowloris client does: the target's deliveries are dropped by the sink itself. The sender
// checks that waited in vain for them are errored with that reason, never failed, on the reference
// server and on the second implementation; with the sink free, the same checks pass.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findClosedPort } from '../../harness/http/test-support/local-server.js';
import type { RunResult } from '../../harness/model/run-result.js';
import { gatewayTargets, runThroughGateway, type GatewayTarget } from '../test-support/run-through-gateway.js';

const checks = ['webhooks-sender.delivery-shape', 'webhooks-sender.retry-after-failure'];
const maxConnections = 4;

/** Keeps `count` idle connections open to `port` (retrying until it listens), until stopped. */
function holdConnections(port: number, count: number): { stop(): void; held(): number } {
  const sockets = new Set<Socket>();
  let isStopped = false;
  const open = (): void => {
    if (isStopped) return;
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => sockets.add(socket));
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      setTimeout(open, 10);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    held: () => sockets.size,
    stop: () => {
      isStopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

async function runWithSink(target: GatewayTarget, saturated: boolean): Promise<RunResult> {
  const port = await findClosedPort();
  const holder = saturated ? holdConnections(port, maxConnections) : undefined;
  let posts = 0;
  try {
    return await runThroughGateway({
      target,
      checks,
      // The first POST (registering the sink) is held, so the connections are held before any delivery.
      changes: { holdRequestMs: (method) => (method === 'POST' && ++posts === 1 ? 300 : 0) },
      config: (own) => {
        const webhooks = own['webhooks'] as { sender: Record<string, unknown> };
        return {
          ...own,
          webhooks: {
            ...webhooks,
            sender: {
              ...webhooks.sender,
              retryWindowMs: 3000,
              sink: { host: '127.0.0.1', port, maxConnections },
            },
          },
        };
      },
    });
  } finally {
    holder?.stop();
  }
}

const verdicts = (run: RunResult) =>
  run.checks.map(
    (check) => `${check.id}: ${check.status}${check.status === 'errored' ? ` ${check.error.message}` : ''}`,
  );

describe.each(Object.keys(gatewayTargets) as GatewayTarget[])('%s delivering to a saturated sink', (target) => {
  it('the checks that missed deliveries are errored with the sink’s reason, not failed; with the sink free they pass', async () => {
    const saturated = await runWithSink(target, true);
    expect(saturated.checks.map((check) => check.status)).toEqual(['errored', 'errored']);
    const [shape, retry] = verdicts(saturated);
    expect(shape).toMatch(
      /the kit's own sink refused requests while this check waited for a delivery \(\d+ over its connection cap \(webhooks\.sender\.sink\.maxConnections\)/,
    );
    // The later check is given 2 s after that silence, and is blocked on it rather than waiting the window again.
    expect(retry).toMatch(
      /^webhooks-sender\.retry-after-failure: errored an earlier check of this suite waited 3000 ms/,
    );
    const free = await runWithSink(target, false);
    expect(verdicts(free)).toEqual(checks.map((id) => `${id}: passed`));
  }, 60_000);
});
