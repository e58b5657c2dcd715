// Ctrl-C during `apicert run`: the running checks stop, the records made so far are deleted, the
// reports are still written and say the run was interrupted.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

async function countRecords(url: string, token: string): Promise<number> {
  let total = 0;
  for (const path of ['/customers', '/orders', '/products']) {
    const page = (await (
      await fetch(`${url}${path}?limit=100`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: unknown[] };
    total += page.items.length;
  }
  return total;
}

describe('apicert run, interrupted', () => {
  it('stops mid-suite, deletes what it made, writes the reports and exits 1', async () => {
    const server = await startReferenceServer({ port: 0 });
    const reportDir = await mkdtemp(join(tmpdir(), 'apicert-interrupt-'));
    const interrupt = new AbortController();
    try {
      const io = {
        ...captureIo({ APICERT_TOKEN: server.token }),
        watchInterrupts: () => ({ signal: interrupt.signal, dispose: () => {} }),
      };
      const running = runCli(
        [
          'run',
          '--base-url',
          server.url,
          '--config',
          exampleConfig,
          '--report-dir',
          reportDir,
          '--suite',
          'pagination',
        ],
        io,
      );
      // Interrupt once the suite has records on the target: mid-run, whatever the machine's speed.
      let recordsSeen = 0;
      for (let attempt = 0; attempt < 200 && recordsSeen === 0; attempt += 1) {
        recordsSeen = await countRecords(server.url, server.token);
        if (recordsSeen === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(recordsSeen).toBeGreaterThan(0);
      interrupt.abort();
      expect(await running).toBe(1);

      expect(await countRecords(server.url, server.token)).toBe(0);
      expect(io.err()).toMatch(/^apicert: interrupted; stopping the running checks/);
      const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
        interrupted?: string;
        checks: { status: string; error?: { code: string } }[];
      };
      expect(report.interrupted).toMatch(/^the run was interrupted/);
      const interruptedChecks = report.checks.filter((c) => c.error?.code === 'APICERT_RUN_INTERRUPTED');
      expect(interruptedChecks.length).toBeGreaterThan(0);
      expect(interruptedChecks.every((c) => c.status === 'errored')).toBe(true);
      expect(io.out()).toMatch(/interrupted/);
    } finally {
      await server.close();
      await rm(reportDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('exits 130 with one line and writes no report when stopped before any check ran', async () => {
    const server = await startReferenceServer({ port: 0 });
    const reportDir = await mkdtemp(join(tmpdir(), 'apicert-interrupt-'));
    try {
      const interrupt = new AbortController();
      interrupt.abort();
      const io = {
        ...captureIo({ APICERT_TOKEN: server.token }),
        watchInterrupts: () => ({ signal: interrupt.signal, dispose: () => {} }),
      };
      const code = await runCli(
        ['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir],
        io,
      );
      expect(code).toBe(130);
      expect(io.err().trim().split('\n').at(-1)).toBe(
        'APICERT_RUN_INTERRUPTED: the run was interrupted before any check ran; no report was written',
      );
      expect(await readdir(reportDir)).toEqual([]);
      expect(await countRecords(server.url, server.token)).toBe(0);
    } finally {
      await server.close();
      await rm(reportDir, { recursive: true, force: true });
    }
  });
});
