// The reference server is not the world: every check must also pass on a second, deliberately
// different implementation of the convention (numeric ids, keyset cursors in base64url JSON,
// problem+json errors, 200 on create and delete, a throttling gateway…), in every mode it has.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../harness/runner/run-conformance.js';
import { suites as registry } from './index.js';
import type { SecondServerModes } from './test-support/second-server/second-server-options.js';
import { receiverPath, startSecondServer } from './test-support/second-server/start-second-server.js';

const exampleConfig = JSON.parse(await readFile(new URL('../apicert.config.example.json', import.meta.url), 'utf8')) as {
  webhooks: { sender: Record<string, unknown>; receiver: Record<string, unknown> };
} & Record<string, unknown>;

/**
 * Four runs that together take every mode value: both over-max answers, all three last-page
 * cursors, both digest encodings, with and without the gateway.
 */
const modeMatrix: readonly SecondServerModes[] = [
  { overMax: 'clamp', lastPageCursor: 'null', digest: 'hex', gateway: false },
  { overMax: 'reject', lastPageCursor: 'absent', digest: 'base64', gateway: false },
  { overMax: 'clamp', lastPageCursor: 'empty', digest: 'base64', gateway: true },
  { overMax: 'reject', lastPageCursor: 'null', digest: 'hex', gateway: true },
];

/** The example config, changed only where the second server's choices need a value. */
function configFor(): Record<string, unknown> {
  return {
    ...exampleConfig,
    webhooks: {
      // Unchanged: POST /webhooks {url, secret} registers here too, and digestEncoding keeps its
      // default "either", which takes the base64 mode as well as hex.
      sender: exampleConfig.webhooks.sender,
      receiver: {
        ...exampleConfig.webhooks.receiver,
        // Adjusted: the second server's receiver lives at its own path.
        url: receiverPath,
        // Adjusted: its observe answer is {id, stats: {received, processed}}.
        observe: { urlTemplate: `${receiverPath}/{eventId}`, pointer: '/stats/processed' },
      },
    },
  };
}

describe('every check on a second implementation of the convention', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-second-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each(modeMatrix.map((modes) => [describeModes(modes), modes] as const))('passes every check with %s', async (_name, modes) => {
    const server = await startSecondServer({ modes });
    try {
      const configPath = join(directory, `config-${describeModes(modes).replaceAll(/[^a-z0-9]+/g, '-')}.json`);
      await writeFile(configPath, JSON.stringify(configFor()));
      const { run } = await runConformance({
        registry,
        baseUrl: server.url,
        configPath,
        seed: 11,
        env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret },
      });
      const notPassed = run.checks.flatMap((check) => (check.status === 'passed' ? [] : [`${check.id} ${check.status}: ${check.message}`]));
      expect(notPassed).toEqual([]);
      expect(run.checks.length).toBe(42);
    } finally {
      await server.close();
    }
  }, 30_000);
});

function describeModes(modes: SecondServerModes): string {
  return `over-max ${modes.overMax}, last cursor ${modes.lastPageCursor}, digest ${modes.digest}${modes.gateway ? ', behind a 429 gateway' : ''}`;
}
