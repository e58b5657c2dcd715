// The HTTP client against a local target: well-behaved answers, secrets kept out of every output,
// connections. Hostile targets: client-hostile-targets.test.ts.
import { describe, expect, it } from 'vitest';
import { REDACTED } from './redact.js';
import {
  SIGNING_SECRET,
  TOKEN,
  expectNoSecrets,
  openRemotePorts,
  seen,
  target,
  useClientTarget,
  waitUntil,
} from './test-support/client-target.js';

useClientTarget();

describe('a well-behaved response', () => {
  it('returns status, lower-case joined headers, parsed JSON, and a redacted record with a curl line', async () => {
    const { response, record, durationMs } = await target.client.send({
      method: 'GET',
      url: `${target.server.origin}/json`,
      note: 'list',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-multi']).toBe('a, b');
    expect(response.json).toEqual({ items: [1, 2], path: '/json' });
    expect(response.jsonError).toBeUndefined();
    expect(durationMs).toBeGreaterThan(0);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);

    expect(record.direction).toBe('outbound');
    expect(record.note).toBe('list');
    expect(record.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(record.response?.body).toMatchObject({ encoding: 'utf8', truncated: false });
    expect(record.curl).toContain('"Authorization: Bearer $APICERT_TOKEN"');
    expectNoSecrets(record);
  });

  it('parses JSON whatever the Content-Type, and keeps the header for a check to judge', async () => {
    const { response } = await target.client.send({ method: 'GET', url: `${target.server.origin}/text-json` });
    expect(response.json).toEqual({ ok: true });
    expect(response.headers['content-type']).toBe('text/plain');
  });

  it('answers malformed JSON with jsonError, not a throw, and the error quotes no token', async () => {
    const { response } = await target.client.send({ method: 'GET', url: `${target.server.origin}/broken-json` });
    expect(response.json).toBeUndefined();
    expect(response.jsonError).toMatch(/^malformed JSON: /);
    expect(response.jsonError).not.toContain(TOKEN.slice(0, 6));
    expect(response.text).toContain(TOKEN);
  });

  it('says an empty body is empty', async () => {
    const { response } = await target.client.send({ method: 'GET', url: `${target.server.origin}/empty` });
    expect(response.status).toBe(204);
    expect(response.jsonError).toBe('empty body');
  });

  it('records a body that is not text as base64', async () => {
    const { record, response } = await target.client.send({ method: 'GET', url: `${target.server.origin}/binary` });
    expect(response.body).toEqual(Buffer.from([0xff, 0xfe, 0x00, 0x42]));
    expect(record.response?.body).toEqual({ text: '//4AQg==', bytes: 4, truncated: false, encoding: 'base64' });
  });

  it('returns any status normally, a 3xx included when redirects are off', async () => {
    const missing = await target.client.send({ method: 'GET', url: `${target.server.origin}/nowhere` });
    expect(missing.response.status).toBe(404);
    const redirect = await target.client.send({ method: 'GET', url: `${target.server.origin}/redirect-self` });
    expect(redirect.response.status).toBe(302);
    expect(redirect.response.headers.location).toBe('/json');
  });
});

describe('secrets', () => {
  it('redacts the credential and the signing secret wherever the target echoes them', async () => {
    const url = `${target.server.origin}/echo?token=${TOKEN}&sig=${SIGNING_SECRET}`;
    const { response, record } = await target.client.send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-signature': SIGNING_SECRET },
      body: JSON.stringify({ token: TOKEN }),
    });
    expect(response.headers['x-echo']).toBe(`Bearer ${TOKEN}`);
    expectNoSecrets(record);
    expect(record.request.url).toBe(`${target.server.origin}/echo?token=${REDACTED}&sig=${REDACTED}`);
    expect(record.response?.headers['x-echo']).toBe(REDACTED);
  });

  it('omits the credential when asked for none, and says so in the note', async () => {
    const { record } = await target.client.send({
      method: 'GET',
      url: `${target.server.origin}/json?none`,
      credential: 'none',
      note: 'auth probe',
    });
    expect(seen.at(-1)).toMatchObject({ path: '/json?none' });
    expect(seen.at(-1)?.authorization).toBeUndefined();
    expect(record.request.headers.authorization).toBeUndefined();
    expect(record.curl).not.toContain('Authorization');
    expect(record.note).toBe('auth probe; no credential');
  });

  it('sends a well-formed wrong credential and redacts it too', async () => {
    const { record } = await target.client.send({
      method: 'GET',
      url: `${target.server.origin}/json?wrong`,
      credential: 'wrong',
    });
    const sent = seen.at(-1)?.authorization ?? '';
    expect(sent).toMatch(/^Bearer /);
    expect(sent).toHaveLength(`Bearer ${TOKEN}`.length);
    expect(sent).not.toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(record)).not.toContain(sent.slice('Bearer '.length));
    expect(record.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(record.curl).not.toContain('$APICERT_TOKEN');
    expect(record.note).toBe('wrong credential');
  });

  it('sends each flaw of the credential as built from the valid one, redacted in the record and named in the note', async () => {
    const sent: Record<string, string | undefined> = {};
    for (const flaw of ['empty', 'scheme-only', 'truncated', 'extended', 'prefixed', 'middle-changed'] as const) {
      const { record } = await target.client.send({
        method: 'GET',
        url: `${target.server.origin}/json?${flaw}`,
        credential: flaw,
      });
      sent[flaw] = seen.at(-1)?.authorization;
      expect(JSON.stringify(record)).not.toContain(TOKEN.slice(0, -1));
      expect(record.note).toMatch(/credential|token/);
    }
    expect(sent).toEqual({
      empty: '',
      'scheme-only': 'Bearer',
      truncated: `Bearer ${TOKEN.slice(0, -1)}`,
      extended: expect.stringMatching(new RegExp(`^Bearer ${TOKEN}.$`)) as string,
      prefixed: expect.stringMatching(new RegExp(`^Bearer .${TOKEN}$`)) as string,
      'middle-changed': expect.stringMatching(
        new RegExp(
          `^Bearer ${TOKEN.slice(0, Math.floor(TOKEN.length / 2))}[^${TOKEN[Math.floor(TOKEN.length / 2)]!}]${TOKEN.slice(Math.floor(TOKEN.length / 2) + 1)}$`,
        ),
      ) as string,
    });
  });

  it("replaces a caller's header of the credential's name, whatever its case", async () => {
    await target.client.send({
      method: 'GET',
      url: `${target.server.origin}/json?override`,
      headers: { AUTHORIZATION: 'Basic xyz' },
    });
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('connections', () => {
  it('reuses keep-alive connections, and freshConnection opens its own and closes it', async () => {
    for (const query of ['k1', 'k2', 'k3', 'k4'])
      await target.client.send({ method: 'GET', url: `${target.server.origin}/json?${query}` });
    await target.client.send({ method: 'GET', url: `${target.server.origin}/json?f1`, freshConnection: true });
    await target.client.send({ method: 'GET', url: `${target.server.origin}/json?f2`, freshConnection: true });
    const port = (query: string): number | undefined =>
      seen.find((entry) => entry.path === `/json?${query}`)?.remotePort;
    const shared = new Set(['k1', 'k2', 'k3', 'k4'].map(port));
    expect(shared.size).toBeLessThanOrEqual(2);
    for (const fresh of ['f1', 'f2']) {
      const freshPort = port(fresh)!;
      expect(seen.filter((entry) => entry.remotePort === freshPort)).toHaveLength(1);
      await waitUntil(() => !openRemotePorts.has(freshPort), 1_000);
      expect(openRemotePorts.has(freshPort)).toBe(false);
    }
    for (const sharedPort of shared) expect(openRemotePorts.has(sharedPort!)).toBe(true);
  });

  it('keeps one dedicated connection per connectionKey, shared with nothing else', async () => {
    for (const query of ['a1', 'b1', 'a2', 'b2', 'a3']) {
      await target.client.send({
        method: 'GET',
        url: `${target.server.origin}/json?${query}`,
        connectionKey: query.slice(0, 1),
      });
      await target.client.send({ method: 'GET', url: `${target.server.origin}/json?shared-${query}` });
    }
    const port = (query: string): number | undefined =>
      seen.find((entry) => entry.path === `/json?${query}`)?.remotePort;
    expect(new Set(['a1', 'a2', 'a3'].map(port)).size).toBe(1);
    expect(new Set(['b1', 'b2'].map(port)).size).toBe(1);
    expect(port('a1')).not.toBe(port('b1'));
    const sharedPorts = new Set(['a1', 'b1', 'a2', 'b2', 'a3'].map((query) => port(`shared-${query}`)));
    expect(sharedPorts.has(port('a1'))).toBe(false);
    expect(sharedPorts.has(port('b1'))).toBe(false);
  });
});
