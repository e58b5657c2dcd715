// --baseline and --fail-on through the whole CLI: the comparison is printed and written, and
// `--fail-on new` makes the exit code depend only on failures the baseline did not have.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

let root: string;
let clean: RunningReferenceServer;
let broken: RunningReferenceServer;
let cleanBaseline: string;
let brokenBaseline: string;

async function run(
  server: RunningReferenceServer,
  name: string,
  extra: readonly string[],
): Promise<{ code: number; out: string; err: string; dir: string }> {
  const dir = join(root, name);
  const io = captureIo({ APICERT_TOKEN: server.token });
  const args = [
    'run',
    '--base-url',
    server.url,
    '--config',
    exampleConfig,
    '--suite',
    'resources',
    '--report-dir',
    dir,
    '--seed',
    '5',
  ];
  const code = await runCli([...args, ...extra], io);
  return { code, out: io.out(), err: io.err(), dir };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'apicert-baseline-cli-'));
  clean = await startReferenceServer({ port: 0 });
  broken = await startReferenceServer({ port: 0, defects: ['put-merges'] });
  const cleanRun = await run(clean, 'clean', ['--format', 'json']);
  const brokenRun = await run(broken, 'broken', ['--format', 'json']);
  expect([cleanRun.code, brokenRun.code]).toEqual([0, 1]);
  cleanBaseline = join(cleanRun.dir, 'report.json');
  brokenBaseline = join(brokenRun.dir, 'report.json');
}, 60_000);

afterAll(async () => {
  await Promise.all([clean?.close(), broken?.close()]);
});

describe('apicert run --baseline', () => {
  it('with --fail-on new, exits 0 when every failure was already in the baseline', async () => {
    const result = await run(broken, 'same-failures', ['--baseline', brokenBaseline, '--fail-on', 'new']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Verdict: failed/);
    expect(result.out).toContain('0 new failures, 0 fixed, 1 still failing');
    expect(result.out).toContain('--fail-on new: no new failure in a required class');
  });

  it('with the default --fail-on any, still exits 1 for those old failures', async () => {
    const result = await run(broken, 'any', ['--baseline', brokenBaseline]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('--fail-on any: every failure in a required class decides the exit code');
  });

  it('with --fail-on new, exits 1 on a failure the baseline did not have, and shows it in index.html', async () => {
    const result = await run(broken, 'new-failure', ['--baseline', cleanBaseline, '--fail-on', 'new']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^ {2}NEW +resources\.put-replaces-record {2}failed, was passed$/m);
    const html = await readFile(join(result.dir, 'index.html'), 'utf8');
    expect(html).toContain('<section id="comparison"');
    expect(html).toMatch(
      /<details class="check" id="check-resources\.put-replaces-record" data-status="failed" data-comparison="new-failure"/,
    );
  });

  it('lists fixed checks when the target got better', async () => {
    const result = await run(clean, 'fixed', ['--baseline', brokenBaseline, '--fail-on', 'new']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ {2}FIXED +resources\.put-replaces-record {2}passed, was failed$/m);
  });
});

describe('apicert run with a bad baseline or --fail-on', () => {
  let server: Server;
  let requests = 0;
  let url: string;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function runAgainstCounter(extra: readonly string[]): Promise<{ code: number; err: string; out: string }> {
    const io = captureIo({ APICERT_TOKEN: 't' });
    const code = await runCli(
      ['run', '--base-url', url, '--config', exampleConfig, '--report-dir', join(root, 'never'), ...extra],
      io,
    );
    return { code, err: io.err(), out: io.out() };
  }

  it('exits 2 with one APICERT_BASELINE_INVALID line and sends nothing to the target', async () => {
    const notReport = join(root, 'not-a-report.json');
    await writeFile(notReport, '{"tool":{"name":"other"}}');
    for (const baseline of [notReport, join(root, 'missing.json')]) {
      const result = await runAgainstCounter(['--baseline', baseline]);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toMatch(
        /^APICERT_BASELINE_INVALID: --baseline .+; pass the report\.json of an earlier apicert run\n$/,
      );
    }
    expect(requests).toBe(0);
    expect(await readdir(root)).not.toContain('never');
  });

  it('exits 2 for --fail-on new without --baseline, and for an unknown --fail-on value', async () => {
    const withoutBaseline = await runAgainstCounter(['--fail-on', 'new']);
    expect(withoutBaseline.code).toBe(2);
    expect(withoutBaseline.err).toBe(
      'APICERT_USAGE: --fail-on new gates on failures that are new since a baseline; pass --baseline FILE (an earlier report.json)\n',
    );
    const unknown = await runAgainstCounter(['--fail-on', 'some']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe('APICERT_USAGE: --fail-on: unknown value "some"; choose from any, new\n');
    expect(requests).toBe(0);
  });
});
