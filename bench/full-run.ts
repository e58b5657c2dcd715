// Full run: wall time of the default run (every suite, example config) against the reference server,
// in-process and as `npm run demo` does it in a new process (Node start and module loading
// included, next to a bare `node -e 0` start); the median of a few runs, and the time each suite's
// checks took.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportRun } from '../cli/report-run.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { startReferenceServer } from '../reference-server/start.js';
import { suites as registry } from '../suites/index.js';
import { median } from './measure-rate.js';
import { timeProcess } from './time-process.js';
import { toRunOptions } from '../harness/model/run-options.js';

export interface SuiteTime {
  readonly suite: string;
  /** Sum of the suite's check durations; suites that run side by side overlap. */
  readonly ms: number;
  readonly share: number;
}

export interface FullRunResult {
  /** Median in-process wall time, and every run's. */
  readonly wallMs: number;
  readonly runsMs: readonly number[];
  readonly verdict: string;
  readonly checks: number;
  /** Of the median run. */
  readonly suites: readonly SuiteTime[];
  /** Median wall time of `node dist/cli/demo.js` in a new process, and every run's. */
  readonly demoMs: number;
  readonly demoRunsMs: readonly number[];
  /** Median wall time of `node -e 0`: what any Node process costs to start. */
  readonly nodeStartMs: number;
}

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));
const demoScript = fileURLToPath(new URL('../cli/demo.js', import.meta.url));

export async function measureFullRun(runs: number): Promise<FullRunResult> {
  const inProcess: { wallMs: number; verdict: string; checks: number; suites: SuiteTime[] }[] = [];
  for (let i = 0; i < runs; i += 1) inProcess.push(await runInProcess());
  const ordered = [...inProcess].sort((a, b) => a.wallMs - b.wallMs);
  const middle = ordered[Math.floor(ordered.length / 2)]!;
  const demoRunsMs: number[] = [];
  const nodeStarts: number[] = [];
  const cwd = await mkdtemp(join(tmpdir(), 'apicert-bench-demo-'));
  for (let i = 0; i < runs; i += 1) {
    nodeStarts.push(await timeProcess(['-e', '0'], cwd));
    demoRunsMs.push(await timeProcess([demoScript], cwd));
  }
  return {
    wallMs: middle.wallMs,
    runsMs: inProcess.map((r) => r.wallMs),
    verdict: middle.verdict,
    checks: middle.checks,
    suites: middle.suites,
    demoMs: median(demoRunsMs),
    demoRunsMs,
    nodeStartMs: median(nodeStarts),
  };
}

async function runInProcess(): Promise<{ wallMs: number; verdict: string; checks: number; suites: SuiteTime[] }> {
  const server = await startReferenceServer({ port: 0 });
  const reportDir = await mkdtemp(join(tmpdir(), 'apicert-bench-'));
  try {
    const started = performance.now();
    const { run } = await runConformance({
      registry,
      baseUrl: server.url,
      options: toRunOptions({ configPath: exampleConfig }),
      seed: 1,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
    });
    // The reports are part of a run's cost, as in `apicert run`.
    await reportRun(run, undefined, {
      reportDir,
      formats: ['html', 'junit', 'json'],
      printed: ['console'],
      failOn: 'any',
      color: false,
      write: () => {},
      warn: () => {},
    });
    const wallMs = performance.now() - started;
    const bySuite = new Map<string, number>();
    for (const check of run.checks) bySuite.set(check.suite, (bySuite.get(check.suite) ?? 0) + check.durationMs);
    return {
      wallMs,
      verdict: run.verdict,
      checks: run.checks.length,
      suites: [...bySuite].map(([suite, ms]) => ({ suite, ms, share: ms / wallMs })),
    };
  } finally {
    await server.close();
  }
}
