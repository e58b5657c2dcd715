// Test support: a run of the kit against a fresh reference server behind a middle proxy
// (middle-proxy.ts), with the example config or a changed copy of it; the server, the proxy and
// the config file are gone afterwards.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuiteDefinition } from '../../harness/check-api/suite-definition.js';
import type { RunResult } from '../../harness/model/run-result.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import {
  startReferenceServer,
  type ReferenceServerOptions,
  type RunningReferenceServer,
} from '../../reference-server/start.js';
import { suites } from '../index.js';
import { startMiddleProxy, type ProxyChanges } from './middle-proxy.js';
import { exampleConfigPath } from './run-against-reference.js';
import { toRunOptions } from '../../harness/model/run-options.js';

export interface ProxiedRun {
  readonly changes: ProxyChanges;
  readonly server?: Omit<ReferenceServerOptions, 'port'>;
  /** The config to run with, given the example config's JSON; default the example config itself. */
  readonly config?: (example: Record<string, unknown>) => Record<string, unknown>;
  /** The checks to run, by id; default every check of the registry. */
  readonly checks?: readonly string[];
  /** Default the kit's own suites. */
  readonly registry?: readonly SuiteDefinition[];
  readonly concurrency?: number;
  /** Looks at the server once the run has ended, before it closes (what the run left in it). */
  readonly afterRun?: (server: RunningReferenceServer) => Promise<void>;
}

export async function runBehindProxy({
  changes,
  server: serverOptions = {},
  config,
  checks,
  registry = suites,
  concurrency,
  afterRun,
}: ProxiedRun): Promise<RunResult> {
  const server = await startReferenceServer({ ...serverOptions, port: 0 });
  const proxy = await startMiddleProxy(server.url, changes);
  const directory = config === undefined ? undefined : await mkdtemp(join(tmpdir(), 'apicert-proxied-'));
  try {
    let configPath = exampleConfigPath;
    if (config !== undefined && directory !== undefined) {
      configPath = join(directory, 'config.json');
      await writeFile(
        configPath,
        JSON.stringify(config(JSON.parse(await readFile(exampleConfigPath, 'utf8')) as Record<string, unknown>)),
      );
    }
    const { run } = await runConformance({
      registry,
      baseUrl: proxy.url,
      options: toRunOptions({ configPath, checks, pace: { concurrency } }),
      seed: 1,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
    });
    await afterRun?.(server);
    return run;
  } finally {
    await proxy.close();
    await server.close();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  }
}
