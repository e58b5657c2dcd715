// A target behind a rate limit, as most public APIs and gateways are: apicert waits out each 429
// and sends the request again, so throttling is never taken for a conformance failure.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { suites as registry } from '../../suites/index.js';
import { runConformance } from './run-conformance.js';
import { toRunOptions } from '../../harness/model/run-options.js';

const exampleConfig = JSON.parse(
  await readFile(new URL('../../apicert.config.example.json', import.meta.url), 'utf8'),
) as Record<string, unknown> & {
  target: Record<string, unknown>;
};

describe('runConformance against a rate-limited target', () => {
  let server: RunningReferenceServer;
  let directory: string;

  beforeAll(async () => {
    // Every fourth request is answered 429; Retry-After 0 keeps the test fast (the wait itself is
    // proven in throttled-client.test.ts).
    server = await startReferenceServer({ defects: ['rate-limited'], defectTuning: { retryAfterSeconds: 0 } });
    directory = await mkdtemp(join(tmpdir(), 'apicert-throttle-'));
  });

  afterAll(async () => {
    await server.close();
  });

  async function configWith(throttle: Record<string, unknown>): Promise<string> {
    const path = join(directory, `config-${Object.keys(throttle).join('-') || 'default'}.json`);
    await writeFile(path, JSON.stringify({ ...exampleConfig, target: { ...exampleConfig.target, throttle } }));
    return path;
  }

  const env = (): Record<string, string> => ({
    APICERT_TOKEN: server.token,
    APICERT_WEBHOOK_SECRET: server.webhookSecret,
  });

  it('passes every check, and says how much the throttling cost', async () => {
    // The resources suite is enough here: suites/second-server.test.ts runs every suite behind a gateway.
    const { run } = await runConformance({
      registry,
      baseUrl: server.url,
      options: toRunOptions({ configPath: await configWith({}), suites: ['resources'] }),
      seed: 7,
      env: env(),
    });
    expect(
      run.checks.filter((check) => check.status !== 'passed').map((check) => `${check.id}: ${check.status}`),
    ).toEqual([]);
    expect(run.verdict).toBe('passed');
    const note = run.notes.find((candidate) => candidate.message.startsWith('the target throttled'));
    expect(note?.message).toMatch(
      /^the target throttled \d+ answers \(429, or 503 with Retry-After\); apicert waited \d+\.\d s in all/,
    );
    expect(Number(/throttled (\d+)/.exec(note!.message)?.[1])).toBeGreaterThan(20);
  }, 60_000);

  it('makes a check that stays throttled errored, never failed', async () => {
    const { run } = await runConformance({
      registry,
      baseUrl: server.url,
      options: toRunOptions({ configPath: await configWith({ maxRetries: 0 }), suites: ['resources'] }),
      seed: 7,
      env: env(),
    });
    expect(run.checks.filter((check) => check.status === 'failed').map((check) => check.id)).toEqual([]);
    const errored = run.checks.filter((check) => check.status === 'errored');
    expect(errored.length).toBeGreaterThan(0);
    for (const check of errored)
      expect(check.status === 'errored' && check.error.code, check.id).toBe('APICERT_HTTP_THROTTLED');
  }, 60_000);
});
