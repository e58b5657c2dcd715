// Test support: a run of the kit against a fresh second server, certified with its own config
// (secondServerConfig, with `pins`), the server and the config file gone afterwards.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuiteDefinition } from '../../../harness/check-api/suite-definition.js';
import type { RunResult } from '../../../harness/model/run-result.js';
import { runConformance } from '../../../harness/runner/run-conformance.js';
import { suites } from '../../index.js';
import { secondServerConfig, type ConfigPins } from './second-server-config.js';
import type { SecondServerModes, SecondServerOptions, SecondServerQuirks } from './second-server-options.js';
import { startSecondServer } from './start-second-server.js';
import { toRunOptions } from '../../../harness/model/run-options.js';

export interface SecondServerRun {
  readonly modes: SecondServerModes;
  readonly pins?: ConfigPins;
  /** The checks to run, by id; default every check of the registry. */
  readonly checks?: readonly string[];
  /** Default the kit's own suites. */
  readonly registry?: readonly SuiteDefinition[];
  readonly seed?: number;
  /** Records the lists hold from the start. */
  readonly seedRecords?: SecondServerOptions['seedRecords'];
  /** X-Signature's hex digest in upper case. */
  readonly upperCaseHex?: boolean;
  /** Answers of real servers (second-server-options.ts); an open server is certified with target.auth.none. */
  readonly quirks?: SecondServerQuirks;
  /** collections[].pagination.styles (and related lists'), pinned on every list. */
  readonly pinStyles?: readonly string[];
}

/** The config with `styles` pinned on every list. */
function pinningStyles(config: Record<string, unknown>, styles: readonly string[]): Record<string, unknown> {
  const pin = (list: Record<string, unknown>) => ({ ...list, pagination: { styles } });
  const collections = config['collections'] as Record<string, unknown>[];
  return {
    ...config,
    collections: collections.map((collection) => ({
      ...pin(collection),
      related: ((collection['related'] as Record<string, unknown>[] | undefined) ?? []).map(pin),
    })),
  };
}

export async function runOnSecondServer({
  modes,
  pins,
  checks,
  registry = suites,
  seed = 3,
  seedRecords,
  upperCaseHex,
  quirks,
  pinStyles,
}: SecondServerRun): Promise<RunResult> {
  const server = await startSecondServer({
    modes,
    seedRecords,
    upperCaseHex,
    ...(quirks !== undefined ? { quirks } : {}),
  });
  const directory = await mkdtemp(join(tmpdir(), 'apicert-second-'));
  try {
    const configPath = join(directory, 'config.json');
    const config =
      pinStyles === undefined ? secondServerConfig(pins) : pinningStyles(secondServerConfig(pins), pinStyles);
    const target = { ...(config['target'] as Record<string, unknown>), auth: { none: true } };
    await writeFile(configPath, JSON.stringify(quirks?.open === true ? { ...config, target } : config));
    const { run } = await runConformance({
      registry,
      baseUrl: server.url,
      options: toRunOptions({ configPath, checks }),
      seed,
      env: { APICERT_TOKEN: server.token },
    });
    return run;
  } finally {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  }
}
