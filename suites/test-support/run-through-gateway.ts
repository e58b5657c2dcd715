// Test support: a whole run of the kit against the reference server or the second implementation,
// behind a gateway (middle-proxy.ts) that changes what it forwards or answers some requests itself,
// with the server's own config or a changed copy. The server, the gateway and the config file are
// gone afterwards.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunResult } from '../../harness/model/run-result.js';
import { toRunOptions } from '../../harness/model/run-options.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { startReferenceServer } from '../../reference-server/start.js';
import { suites } from '../index.js';
import { startMiddleProxy, type ProxyChanges } from './middle-proxy.js';
import { exampleConfigPath } from './run-against-reference.js';
import { secondServerModeMatrix } from './second-server/mode-matrix.js';
import { secondServerConfig } from './second-server/second-server-config.js';
import { startSecondServer } from './second-server/start-second-server.js';

interface Target {
  readonly url: string;
  readonly config: Record<string, unknown>;
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** The two implementations a check is proven on, each with the config it is run with. */
export const gatewayTargets = {
  reference: async (): Promise<Target> => {
    const server = await startReferenceServer({ port: 0 });
    const config = JSON.parse(await readFile(exampleConfigPath, 'utf8')) as Record<string, unknown>;
    return {
      url: server.url,
      config,
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret },
      close: () => server.close(),
    };
  },
  'second server': async (): Promise<Target> => {
    const server = await startSecondServer({ modes: secondServerModeMatrix[1]! });
    return {
      url: server.url,
      config: secondServerConfig(),
      env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret },
      close: () => server.close(),
    };
  },
} as const;

export type GatewayTarget = keyof typeof gatewayTargets;

export interface GatewayRun {
  readonly target: GatewayTarget;
  /** What the gateway changes; given the server's own token when a function (a gateway that swaps tokens). */
  readonly changes: ProxyChanges | ((serverToken: string) => ProxyChanges);
  /** The config to run with, given the target's own; default that one. */
  readonly config?: (own: Record<string, unknown>) => Record<string, unknown>;
  /** The checks to run, by id; default every check. */
  readonly checks?: readonly string[];
  readonly seed?: number;
  /** The environment to run in, given the target's own; default that one. */
  readonly env?: (own: Readonly<Record<string, string>>) => Readonly<Record<string, string>>;
}

export async function runThroughGateway({
  target,
  changes,
  config,
  checks,
  seed = 7,
  env,
}: GatewayRun): Promise<RunResult> {
  const server = await gatewayTargets[target]();
  const gateway = await startMiddleProxy(
    server.url,
    typeof changes === 'function' ? changes(server.env['APICERT_TOKEN']!) : changes,
  );
  const directory = await mkdtemp(join(tmpdir(), 'apicert-gateway-'));
  try {
    const configPath = join(directory, 'config.json');
    await writeFile(configPath, JSON.stringify(config?.(server.config) ?? server.config));
    const { run } = await runConformance({
      registry: suites,
      baseUrl: gateway.url,
      options: toRunOptions({ configPath, ...(checks !== undefined ? { checks } : {}) }),
      seed,
      env: env?.(server.env) ?? server.env,
    });
    return run;
  } finally {
    await gateway.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  }
}
