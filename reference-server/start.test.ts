import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from './start.js';
import { createApiClient } from './test-support/api-client.js';
import { startCaptureServer } from './test-support/capture-server.js';

// Handles that keep a process alive; after close() there must be no more of them than before.
function liveHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo())
    if (['Timeout', 'TCPServerWrap', 'TCPSocketWrap'].includes(kind)) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

describe('startReferenceServer', () => {
  it('listens on 127.0.0.1 on an ephemeral port with the given credentials', async () => {
    const server = await startReferenceServer({ token: 'tok', webhookSecret: 'sec' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.token).toBe('tok');
      expect(server.webhookSecret).toBe('sec');
    } finally {
      await server.close();
    }
  });

  it('rejects when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startReferenceServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('leaves no timer, socket or server behind after close, even with retries and hung deliveries pending', async () => {
    const sink = await startCaptureServer();
    sink.replyWith((index) => (index === 0 ? 500 : 'hang'));
    const before = liveHandles();
    const server = await startReferenceServer({
      webhooks: { timeoutMs: 10_000, retryBaseMs: 5_000, maxAttempts: 5 },
      defects: ['receiver-slow-ack'],
    });
    const api = createApiClient(server.url, server.token);
    await api.call('POST', '/webhooks', { body: { url: sink.url, secret: 's' } });
    await api.call('POST', '/customers', { body: { name: 'A', email: 'a@b' } });
    await api.call('POST', '/products', { body: { sku: 'S', title: 'T', priceCents: 1 } });
    await sink.waitForDeliveries(2);
    await api.close();
    const started = performance.now();
    await server.close();
    await server.close();
    expect(performance.now() - started).toBeLessThan(2000);
    await sink.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = liveHandles();
    for (const kind of ['Timeout', 'TCPServerWrap', 'TCPSocketWrap'])
      expect(after[kind] ?? 0, kind).toBeLessThanOrEqual(before[kind] ?? 0);
    await expect(fetch(`${server.url}/customers`)).rejects.toThrow();
  });
});
