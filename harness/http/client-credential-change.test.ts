// A credential replaced mid-run (a refreshed token), and secrets that join the run's list after the
// client was made: the client sends the new token from then on, and redacts every token it has sent
// and every secret the list holds now from what it records, whatever the target echoes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './client.js';
import { GrowingSecrets } from './growing-secrets.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';

const first = 'tok_First_0123456789abcdef';
const second = 'tok_Second_fedcba9876543210';
const lateSecret = 'late_Secret_55aa55aa55aa55aa';

let server: LocalServer;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  // Echoes the credential it got in a header and the body, and a secret it was never sent.
  server = await startLocalServer((req, res) => {
    seen.push(req.headers.authorization);
    res.setHeader('x-echo', req.headers.authorization ?? '');
    res.setHeader('x-other', lateSecret);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ auth: req.headers.authorization, other: lateSecret, pad: 'x'.repeat(200) }));
  });
});
afterAll(async () => {
  await server.close();
});

function makeClient(secrets: GrowingSecrets) {
  return createHttpClient({
    connectTimeoutMs: 1_000,
    headersTimeoutMs: 1_000,
    bodyTimeoutMs: 1_000,
    exchangeTimeoutMs: 2_000,
    maxResponseBytes: 65_536,
    evidenceBodyBytes: 40,
    followRedirects: false,
    maxRedirects: 0,
    credential: { header: 'Authorization', value: `Bearer ${first}`, curlValue: 'Bearer $APICERT_TOKEN' },
    secrets: secrets.current,
  });
}

describe('a client told to use another credential', () => {
  it('sends the new token from then on, and no record holds either token or a secret added late', async () => {
    const secrets = new GrowingSecrets([]);
    const client = makeClient(secrets);
    try {
      const before = await client.send({ method: 'GET', url: `${server.origin}/a` });
      expect(JSON.stringify(before.record)).toContain(lateSecret);
      secrets.add([lateSecret, second]);
      client.useCredential({ header: 'Authorization', value: `Bearer ${second}`, curlValue: 'Bearer $APICERT_TOKEN' });
      const after = await client.send({ method: 'GET', url: `${server.origin}/b` });
      const truncated = await client.send({ method: 'GET', url: `${server.origin}/c`, credential: 'truncated' });
      expect(seen.slice(-3)).toEqual([`Bearer ${first}`, `Bearer ${second}`, `Bearer ${second.slice(0, -1)}`]);
      expect(after.response.json).toMatchObject({ auth: `Bearer ${second}` });
      for (const record of [after.record, truncated.record]) {
        const text = JSON.stringify(record);
        for (const secret of [first, second, lateSecret]) expect(text).not.toContain(secret);
        expect(text).toContain('[REDACTED]');
      }
      expect(after.record.curl).toContain('Bearer $APICERT_TOKEN');
    } finally {
      await client.close();
    }
  });

  it('redacts a new token it was never given in the list, once it has sent it', async () => {
    const client = makeClient(new GrowingSecrets([]));
    try {
      client.useCredential({ header: 'Authorization', value: `Bearer ${second}`, curlValue: 'Bearer $APICERT_TOKEN' });
      const { record } = await client.send({ method: 'GET', url: `${server.origin}/d` });
      expect(record.response?.headers['x-echo']).toBe('[REDACTED]');
      expect(JSON.stringify(record)).not.toContain(second);
    } finally {
      await client.close();
    }
  });
});
