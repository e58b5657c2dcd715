// Memory: peak RSS of `apicert run` against a target whose every answer streams up to 1 GB, next to
// the same run against the reference server, at several budgets.maxResponseBytes. The client cuts
// each body at that bound, so the two should differ by about the bound plus a constant, never by
// the gigabyte.
import { readFile, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from '../reference-server/start.js';
import { watchKitProcess } from './watch-kit-process.js';

export interface MemorySample {
  readonly label: string;
  readonly capMiB: number;
  readonly peakRssMiB: number;
  readonly exitCode: number | null;
  /** Bytes the target managed to send before the kit hung up, over the whole run. */
  readonly bytesSentMiB?: number;
}

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));
const gigabyte = 1024 ** 3;

export async function measureStreamingMemory(capsMiB: readonly number[]): Promise<MemorySample[]> {
  let bytesSent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const streaming = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const pump = (): void => {
      while (sent < gigabyte) {
        sent += chunk.length;
        bytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (sent = gigabyte));
    pump();
  });
  await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
  const streamingUrl = `http://127.0.0.1:${(streaming.address() as AddressInfo).port}`;
  const reference = await startReferenceServer({ port: 0 });
  const configDir = await mkdtemp(join(tmpdir(), 'apicert-bench-mem-config-'));
  const example = JSON.parse(await readFile(exampleConfig, 'utf8')) as Record<string, unknown>;
  const samples: MemorySample[] = [];
  try {
    for (const capMiB of capsMiB) {
      const config = join(configDir, `cap-${capMiB}.json`);
      // The copy lives elsewhere, so the example's relative "$schema" would point nowhere.
      const copy: Record<string, unknown> = { ...example, budgets: { maxResponseBytes: capMiB * 1024 ** 2 } };
      delete copy.$schema;
      await writeFile(config, JSON.stringify(copy));
      samples.push({ ...(await runAndWatch('reference server', reference.url, reference.token, config)), capMiB });
      bytesSent = 0;
      const hostile = await runAndWatch('target streaming 1 GB bodies', streamingUrl, 'token', config);
      samples.push({ ...hostile, capMiB, bytesSentMiB: bytesSent / 1024 ** 2 });
    }
    return samples;
  } finally {
    streaming.closeAllConnections();
    await new Promise<void>((resolve) => streaming.close(() => resolve()));
    await reference.close();
  }
}

async function runAndWatch(
  label: string,
  baseUrl: string,
  token: string,
  config: string,
): Promise<Omit<MemorySample, 'capMiB'>> {
  const reportDir = await mkdtemp(join(tmpdir(), 'apicert-bench-mem-'));
  const args = ['run', '--base-url', baseUrl, '--config', config, '--suite', 'resources'];
  const watched = await watchKitProcess([...args, '--report-dir', reportDir, '--format', 'json'], {
    APICERT_TOKEN: token,
  });
  return { label, peakRssMiB: watched.peakRssMiB, exitCode: watched.exitCode };
}
