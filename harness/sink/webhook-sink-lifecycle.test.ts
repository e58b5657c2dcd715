// The sink as a server: listening (a port in use, publicUrl), closing (held connections, pending
// waits), its connection cap, and HTTPS with the given certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SinkListenError } from '../errors.js';
import { startWebhookSink } from './webhook-sink.js';

import { baseOptions, event, post } from './test-support/sink-requests.js';

describe('webhook sink lifecycle', () => {
  it('names a port in use in a one-line SinkListenError', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const error = await startWebhookSink({ ...baseOptions, port }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SinkListenError);
      expect((error as SinkListenError).code).toBe('APICERT_SINK_LISTEN_FAILED');
      expect((error as SinkListenError).message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}: the port is in use`));
      expect((error as SinkListenError).message).not.toMatch(/\n/);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('uses publicUrl for the URLs it hands out', async () => {
    const sink = await startWebhookSink({ ...baseOptions, publicUrl: 'https://abc.tunnel.example/' });
    try {
      expect(sink.url).toBe('https://abc.tunnel.example');
      expect(sink.openChannel().url).toMatch(/^https:\/\/abc\.tunnel\.example\/apicert-sink\/[0-9a-f]{24}$/);
    } finally {
      await sink.close();
    }
  });

  it('ends held connections and pending waits on close, and stops listening', async () => {
    const sink = await startWebhookSink(baseOptions);
    const channel = sink.openChannel({ kind: 'hold-first', holds: 1, holdMs: 60_000, afterHold: 'destroy' });
    const held = post(channel.url, event('evt_forever'), { timeoutMs: 10_000 }).then(
      (answer) => answer.status,
      () => 'cut',
    );
    expect(await channel.waitFor((d) => d.length === 1, 2000)).toBe(true);
    const waiting = channel.waitFor(() => false, 60_000);
    const started = performance.now();
    await sink.close();
    expect(await waiting).toBe(false);
    expect(await held).toBe('cut');
    expect(performance.now() - started).toBeLessThan(2000);
    await expect(post(channel.url, event('evt_after'), { timeoutMs: 1000 })).rejects.toThrow();
  });

  it('caps open connections', async () => {
    const sink = await startWebhookSink({ ...baseOptions, maxConnections: 1 });
    try {
      const channel = sink.openChannel({ kind: 'hold-first', holds: 5, holdMs: 400, afterHold: 'answer' });
      const first = post(channel.url, event('evt_1'));
      expect(await channel.waitFor((d) => d.length === 1, 2000)).toBe(true);
      await expect(post(channel.url, event('evt_2'), { timeoutMs: 2000 })).rejects.toThrow();
      expect((await first).status).toBe(200);
      expect(channel.deliveries()).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });
});

describe('webhook sink over HTTPS', () => {
  let directory: string;
  let certFile: string;
  let keyFile: string;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'apicert-sink-tls-'));
    certFile = join(directory, 'cert.pem');
    keyFile = join(directory, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore', timeout: 20_000 },
    );
  });

  afterAll(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves https with the given certificate and key', async () => {
    const sink = await startWebhookSink({ ...baseOptions, tls: { certFile, keyFile } });
    try {
      expect(sink.isHttps).toBe(true);
      const channel = sink.openChannel();
      expect(channel.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/apicert-sink\//);
      const answer = await post(channel.url, event('evt_tls'), {
        dispatcherOptions: { connect: { ca: readFileSync(certFile) } },
      });
      expect(answer.status).toBe(200);
      expect(channel.deliveries()[0]!.eventId).toBe('evt_tls');
    } finally {
      await sink.close();
    }
  });

  it('says which TLS file it cannot read', async () => {
    const error = await startWebhookSink({
      ...baseOptions,
      tls: { certFile: join(directory, 'missing.pem'), keyFile },
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SinkListenError);
    expect((error as Error).message).toMatch(/certificate file ".*missing\.pem": it does not exist;/);
    const device = await startWebhookSink({ ...baseOptions, tls: { certFile, keyFile: '/dev/zero' } }).catch(
      (thrown: unknown) => thrown,
    );
    expect((device as Error).message).toMatch(/key file "\/dev\/zero": it is a character device/);
    const garbage = await startWebhookSink({ ...baseOptions, tls: { certFile: keyFile, keyFile: certFile } }).catch(
      (thrown: unknown) => thrown,
    );
    expect(garbage).toBeInstanceOf(SinkListenError);
  });
});
