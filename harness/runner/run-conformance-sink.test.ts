// The run's sink wiring: the sink listens only when a webhooks-sender check runs, its
// per-run secret is redacted from every report, and it is closed when the run ends.
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference-server/start.js';
import { defineCheck } from '../../suites/define-check.js';
import type { SuiteDefinition } from '../check-api/suite-definition.js';
import { SinkListenError } from '../errors.js';
import type { SuiteName } from '../model/run-result.js';
import type { WebhookSink } from '../sink/sink-types.js';
import { reportRun } from '../../cli/report-run.js';
import { runConformance } from './run-conformance.js';
import { toRunOptions } from '../../harness/model/run-options.js';

const exampleConfig = JSON.parse(
  await readFile(new URL('../../apicert.config.example.json', import.meta.url), 'utf8'),
) as {
  webhooks: { sender: Record<string, unknown> };
};

// Records what the context offered, and fails with the secret in a request so the report has evidence.
function sinkProbe(suite: SuiteName, seen: Array<WebhookSink | undefined>) {
  return defineCheck({
    id: `${suite}.sink-probe`,
    suite,
    conformanceClass: suite,
    rule: '-',
    level: 'normative',
    title: 'probe',
    proves: 'nothing',
    async run(ctx) {
      seen.push(ctx.sink);
      if (ctx.sink === undefined) return ctx.pass();
      await ctx.request({
        method: 'POST',
        path: '/webhooks',
        json: { url: ctx.sink.openChannel().url, secret: ctx.sink.secret },
      });
      return ctx.fail('probe');
    },
  });
}

function registry(seen: Array<WebhookSink | undefined>): SuiteDefinition[] {
  return (['resources', 'webhooks-sender'] as const).map((name) => ({
    name,
    checks: [sinkProbe(name, seen)],
    whyNotRunnable: () => undefined,
  }));
}

describe('runConformance and the webhook sink', () => {
  let server: RunningReferenceServer;
  let directory: string;
  let blocker: Server;
  let blockedPort: number;

  beforeAll(async () => {
    server = await startReferenceServer({ defects: ['secret-echoed'] });
    directory = await mkdtemp(join(tmpdir(), 'apicert-run-sink-'));
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    blockedPort = (blocker.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    await server.close();
  });

  async function configWithSinkPort(port: number): Promise<string> {
    const path = join(directory, `config-${port}.json`);
    const config = { ...exampleConfig, webhooks: { sender: { ...exampleConfig.webhooks.sender, sink: { port } } } };
    await writeFile(path, JSON.stringify(config));
    return path;
  }

  async function run(suites: SuiteName[], seen: Array<WebhookSink | undefined>, configPath?: string) {
    const reportDir = await mkdtemp(join(directory, 'report-'));
    const outcome = await runConformance({
      registry: registry(seen),
      baseUrl: server.url,
      options: toRunOptions({ configPath: configPath ?? (await configWithSinkPort(0)), suites }),
      env: { APICERT_TOKEN: server.token },
    });
    await reportRun(outcome.run, undefined, {
      reportDir,
      formats: ['json', 'junit'],
      printed: ['console'],
      failOn: 'any',
      color: false,
      write: () => undefined,
      warn: () => undefined,
    });
    const reports = await Promise.all(
      (await readdir(reportDir)).map((file) => readFile(join(reportDir, file), 'utf8')),
    );
    return { outcome, reports };
  }

  it('starts the sink for webhooks-sender, redacts its secret everywhere and closes it after the run', async () => {
    const seen: Array<WebhookSink | undefined> = [];
    const { outcome, reports } = await run(['webhooks-sender'], seen);
    const [sink] = seen;
    expect(sink?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sink?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(outcome.run.checks[0]?.status).toBe('failed');
    expect(reports.length).toBe(2);
    for (const report of reports) expect(report).not.toContain(sink!.secret);
    // The secret went out in the registration and came back echoed: both show as redacted.
    expect(reports.join('\n')).toMatch(/"secret\\?":\s*\\?"\[REDACTED\]/);
    await expect(fetch(sink!.url, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });

  it('gives each run a fresh secret', async () => {
    const seen: Array<WebhookSink | undefined> = [];
    await run(['webhooks-sender'], seen);
    await run(['webhooks-sender'], seen);
    expect(seen[0]!.secret).not.toBe(seen[1]!.secret);
  });

  it('opens no sink when webhooks-sender does not run, so a taken sink port does not matter', async () => {
    const seen: Array<WebhookSink | undefined> = [];
    const { outcome } = await run(['resources'], seen, await configWithSinkPort(blockedPort));
    expect(seen).toEqual([undefined]);
    expect(outcome.run.checks[0]?.status).toBe('passed');
  });

  it('stops with SinkListenError when the sink port is taken and webhooks-sender runs', async () => {
    const error = await run(['webhooks-sender'], [], await configWithSinkPort(blockedPort)).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SinkListenError);
    expect((error as SinkListenError).message).toMatch(new RegExp(`:${blockedPort}: the port is in use`));
  });
});
