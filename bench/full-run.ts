// Full run: wall time of the default run (every suite, example config) against the reference server,
// and the share of each suite.
import { fileURLToPath } from 'node:url';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runApicert } from '../harness/runner/run-apicert.js';
import { startReferenceServer } from '../reference-server/start.js';

export interface FullRunResult {
  readonly wallMs: number;
  readonly verdict: string;
  readonly checks: number;
  readonly suites: ReadonlyArray<{ readonly suite: string; readonly ms: number; readonly share: number }>;
}

const exampleConfig = fileURLToPath(new URL('../../apicert.config.example.json', import.meta.url));

export async function measureFullRun(): Promise<FullRunResult> {
  const server = await startReferenceServer({ port: 0 });
  const reportDir = await mkdtemp(join(tmpdir(), 'apicert-bench-'));
  try {
    const started = performance.now();
    const { run } = await runApicert({
      baseUrl: server.url,
      configPath: exampleConfig,
      reportDir,
      formats: ['html', 'junit', 'json'],
      seed: 1,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
      write: () => {},
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
