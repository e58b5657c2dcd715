import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../start.js';
import { createApiClient, type ApiClient } from '../test-support/api-client.js';

let server: RunningReferenceServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startReferenceServer({ token: 'secret-token-123' });
  api = createApiClient(server.url, server.token);
});

afterAll(async () => {
  await api.close();
  await server.close();
});

describe('bearer authentication', () => {
  it('uses the token it was given', () => {
    expect(server.token).toBe('secret-token-123');
  });

  it('serves a request with the right token', async () => {
    expect((await api.call('GET', '/customers')).status).toBe(200);
    expect(
      (await api.call('GET', '/customers', { token: null, headers: { authorization: 'bearer secret-token-123' } }))
        .status,
    ).toBe(200);
  });

  it('answers a missing, wrong or malformed credential with 401 JSON on every route', async () => {
    const credentials: (string | undefined)[] = [
      undefined,
      'Bearer wrong',
      'Bearer ',
      'Basic c2VjcmV0LXRva2VuLTEyMw==',
      'secret-token-123',
      'Bearer secret-token-1234',
    ];
    for (const path of [
      '/customers',
      '/orders',
      '/products',
      '/webhooks',
      '/customers/cus_1',
      '/customers/cus_1/orders',
      '/webhook-receiver/events/evt_1',
      '/unknown',
    ]) {
      for (const authorization of credentials) {
        const answer = await api.call('GET', path, {
          token: null,
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(answer.status, `${path} ${String(authorization)}`).toBe(401);
        expect(answer.json.error.code).toBe('unauthorized');
        expect(answer.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  it('refuses writes without a token before reading the body', async () => {
    const answer = await api.call('POST', '/customers', { token: null, body: { name: 'A', email: 'a@b' } });
    expect(answer.status).toBe(401);
    expect((await api.call('GET', '/customers')).json.items).toEqual([]);
  });

  it('generates a 32-hex-character token when none is given', async () => {
    const other = await startReferenceServer();
    try {
      expect(other.token).toMatch(/^[0-9a-f]{32}$/);
      expect(other.token).not.toBe(server.token);
    } finally {
      await other.close();
    }
  });
});
