// Data volume: the default run (the example config, every suite) against the reference server
// whose /products list already holds N records, as a staging database does. Each run is a new
// process, so its peak memory is the kit's own; the requests are counted by a proxy in front of
// the server. Goal: requests and wall time within 1.2× of the empty server's at every size, memory
// flat.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNetworkTarget } from './network-target.js';
import { watchKitProcess } from './watch-kit-process.js';

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));

/** The goal: each size's requests and wall time at most this many times the empty server's. */
export const dataVolumeGoalRatio = 1.2;

export interface DataVolumeRun {
  readonly records: number;
  readonly requests: number;
  readonly wallMs: number;
  readonly peakRssMiB: number;
  readonly exitCode: number | null;
  /** The run's verdict and its errored and failed checks, from its report.json. */
  readonly verdict: string;
  readonly failed: number;
  readonly errored: number;
}

export async function measureDataVolume(
  sizes: readonly number[],
  say: (text: string) => void,
): Promise<DataVolumeRun[]> {
  const runs: DataVolumeRun[] = [];
  for (const records of sizes) {
    say(`bench: data volume, /products holding ${records.toLocaleString('en-US')} records…`);
    runs.push(await runOnSeededServer(records));
  }
  return runs;
}

async function runOnSeededServer(records: number): Promise<DataVolumeRun> {
  const target = await startNetworkTarget(0, { products: records });
  const reportDir = await mkdtemp(join(tmpdir(), 'apicert-bench-volume-'));
  try {
    let watched: Awaited<ReturnType<typeof watchKitProcess>>;
    let stats: Awaited<ReturnType<typeof target.close>>;
    try {
      watched = await watchKitProcess(
        ['run', '--base-url', target.url, '--config', exampleConfig, '--seed', '1'].concat([
          '--report-dir',
          reportDir,
          '--format',
          'json',
          '--reporter',
          'console',
        ]),
        { APICERT_TOKEN: target.token, APICERT_WEBHOOK_SECRET: target.webhookSecret },
      );
    } finally {
      // The proxy's counts arrive as it closes, whatever became of the run.
      stats = await target.close();
    }
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      readonly verdict: string;
      readonly summary: { readonly failed: number; readonly errored: number };
    };
    return {
      records,
      requests: stats.requests,
      wallMs: watched.wallMs,
      peakRssMiB: watched.peakRssMiB,
      exitCode: watched.exitCode,
      verdict: report.verdict,
      failed: report.summary.failed,
      errored: report.summary.errored,
    };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}
