// The worker-thread start used by `npm run demo`. A worker runs JavaScript, so this test starts the
// compiled module in dist/ (npm test builds first), as the demo does.
import { describe, expect, it } from 'vitest';
import type { startReferenceServerInWorker as StartInWorker } from './start-in-worker.js';

const { startReferenceServerInWorker } = (await import(
  new URL('../dist/reference-server/start-in-worker.js', import.meta.url).href
)) as { startReferenceServerInWorker: typeof StartInWorker };

describe('startReferenceServerInWorker', () => {
  it('serves the reference API from another thread with the given credentials, and stops it on close', async () => {
    const server = await startReferenceServerInWorker({ token: 'tok_worker', webhookSecret: 'sec_worker' });
    expect(server.token).toBe('tok_worker');
    expect(server.webhookSecret).toBe('sec_worker');
    const page = await fetch(`${server.url}/customers`, { headers: { authorization: 'Bearer tok_worker' } });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ items: expect.any(Array), has_more: false });
    expect((await fetch(`${server.url}/customers`)).status).toBe(401);
    await server.close();
    await expect(fetch(`${server.url}/customers`)).rejects.toThrow();
  });

  it('rejects, with the reason, when the server cannot listen', async () => {
    const first = await startReferenceServerInWorker();
    try {
      const port = Number(new URL(first.url).port);
      await expect(startReferenceServerInWorker({ port })).rejects.toThrow(
        /the reference server did not start: .*EADDRINUSE/,
      );
    } finally {
      await first.close();
    }
  });
});
