// The CLI's outside contract: exit codes, one-line errors, no stack traces, no secrets.
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectOneLineError(text: string, code: string): void {
  const lines = text.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${code}: `));
  expect(text).not.toMatch(/\n\s+at /);
}

describe('apicert run', () => {
  let server: RunningReferenceServer;
  let reportDir: string;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    reportDir = await mkdtemp(join(tmpdir(), 'apicert-cli-'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs end to end against the reference server, exits 0 and never prints the token', async () => {
    const io = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    const code = await runCli(
      [
        'run',
        '--base-url',
        server.url,
        '--config',
        exampleConfig,
        '--report-dir',
        reportDir,
        '--suite',
        'resources',
        '--seed',
        '42',
      ],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toMatch(/Verdict: passed/);
    const files = await readdir(reportDir);
    expect(files).toEqual(expect.arrayContaining(['report.json', 'junit.xml']));
    const outputs = [
      io.out(),
      io.err(),
      ...(await Promise.all(files.map((f) => readFile(join(reportDir, f), 'utf8')))),
    ];
    for (const output of outputs) {
      expect(output).not.toContain(server.token);
      expect(output).not.toContain(server.webhookSecret);
    }
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      seed: number;
      checks: unknown[];
    };
    expect(report.seed).toBe(42);
    expect(report.checks.length).toBeGreaterThan(5);
  });

  it('exits 1 when the target breaks the convention', async () => {
    const broken = await startReferenceServer({ port: 0, defects: ['put-merges'] });
    try {
      const io = captureIo({ APICERT_TOKEN: broken.token });
      const code = await runCli(
        ['run', '--base-url', broken.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
        io,
      );
      expect(code).toBe(1);
      expect(io.out()).toMatch(/resources\.put-replaces-record/);
      expect(io.out()).toMatch(/curl /);
      expect(io.out()).not.toContain(broken.token);
      // Gating on advice adds to the classes a release needs; it never drops a failing one.
      const advisory = captureIo({ APICERT_TOKEN: broken.token });
      expect(
        await runCli(
          [
            'run',
            '--base-url',
            broken.url,
            '--config',
            exampleConfig,
            '--report-dir',
            reportDir,
            '--suite',
            'resources',
            '--require',
            'advisory',
          ],
          advisory,
        ),
      ).toBe(1);
      expect(advisory.out()).toMatch(/required classes not passed: resources-core \(failed\)/);
    } finally {
      await broken.close();
    }
  });

  it('shows advice without failing by default, and exits 1 on it with --strict or --require advisory', async () => {
    const lenient = await startReferenceServer({ port: 0, defects: ['receiver-accepts-invalid-event'] });
    try {
      const env = { APICERT_TOKEN: lenient.token, APICERT_WEBHOOK_SECRET: lenient.webhookSecret };
      const base = [
        'run',
        '--base-url',
        lenient.url,
        '--config',
        exampleConfig,
        '--report-dir',
        reportDir,
        '--suite',
        'webhooks-receiver',
      ];
      const byDefault = captureIo(env);
      expect(await runCli(base, byDefault)).toBe(0);
      expect(byDefault.out()).toMatch(
        /advisory +failed +\d+ passed, 1 gave advice or failed, .*not required: --strict or --require advisory gates on it/,
      );
      expect(byDefault.out()).toMatch(
        /Advice \(\d+; counted only in the advisory class, which this run does not require\)\n  advice webhooks-receiver\.incomplete-event-refused: a correctly signed event without "event" answered 2\d\d/,
      );
      const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
        classes: { id: string; required: boolean }[];
      };
      expect(report.classes.find((c) => c.id === 'advisory')).toMatchObject({ required: false, verdict: 'failed' });

      const strict = captureIo(env);
      expect(await runCli([...base, '--strict'], strict)).toBe(1);
      expect(strict.out()).toMatch(/Verdict: failed: required classes not passed: advisory \(failed\)/);
      expect(strict.out()).toMatch(/Advice \(\d+; the advisory class is required, so advice fails this run\)/);
      const named = captureIo(env);
      expect(await runCli([...base, '--require', 'webhooks-receiver,advisory'], named)).toBe(1);
      const alone = captureIo(env);
      expect(await runCli([...base, '--require', 'advisory'], alone)).toBe(1);
      expect(alone.out()).toMatch(/webhooks-receiver +passed .*\(required\)/);
    } finally {
      await lenient.close();
    }
  });

  it('names one root cause once when no list answers with a page, listing every list and check it fails', async () => {
    const bare = await startReferenceServer({ port: 0, defects: ['list-not-a-page'] });
    try {
      const io = captureIo({ APICERT_TOKEN: bare.token });
      const code = await runCli(
        [
          'run',
          '--base-url',
          bare.url,
          '--config',
          exampleConfig,
          '--report-dir',
          reportDir,
          '--suite',
          'resources,pagination',
        ],
        io,
      );
      expect(code).toBe(1);
      const out = io.out();
      expect(out.match(/CAUSE/g)).toHaveLength(1);
      expect(out).toContain(
        'CAUSE Lists do not answer with a page {items, next_cursor, has_more} (convention 2, 4.1)\n    affects: /customers, /customers/{id}/orders, /orders, /products',
      );
      // The pagination checks that met a bare array are named under the cause, not repeated in full.
      expect(out).toMatch(/also: .*pagination\.walk-within-budget \(failed\).*pagination\.page-size-bounds \(failed\)/);
      expect(out).not.toMatch(/^ {2}FAILED pagination\.walk-within-budget/m);
      const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
        checks: { id: string; cause?: { key: string } }[];
      };
      const grouped = report.checks.filter((check) => check.cause?.key === 'list-not-a-page').map((check) => check.id);
      expect(grouped).toEqual(
        expect.arrayContaining([
          'resources.list-answers-with-page',
          'pagination.has-more-accurate',
          'pagination.stable-order',
        ]),
      );
      expect(grouped.length).toBeGreaterThanOrEqual(10);
    } finally {
      await bare.close();
    }
  });

  it('stops with one line, exit 2, before any check, when the target refuses the configured credential', async () => {
    const io = captureIo({ APICERT_TOKEN: 'not-the-token' });
    const code = await runCli(
      ['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
      io,
    );
    expect(code).toBe(2);
    expectOneLineError(io.err(), 'APICERT_CREDENTIAL_REFUSED');
    expect(io.err()).toContain(
      'answered 401 to GET /customers with the credential from APICERT_TOKEN (header Authorization, scheme Bearer)',
    );
    expect(io.out() + io.err()).not.toContain('not-the-token');
  });

  it('exits 3 with one line when nothing listens at the base URL', async () => {
    const io = captureIo({ APICERT_TOKEN: 't' });
    const port = await closedPort();
    const code = await runCli(
      ['run', '--base-url', `http://127.0.0.1:${port}`, '--config', exampleConfig, '--report-dir', reportDir],
      io,
    );
    expect(code).toBe(3);
    expectOneLineError(io.err(), 'APICERT_TARGET_UNREACHABLE');
  });

  it('exits 2 with one line, before contacting the target, when the config gives it nothing to check', async () => {
    const io = captureIo({ APICERT_TOKEN: 't' });
    // Nothing listens there: had it contacted the target, it would exit 3.
    const port = await closedPort();
    expect(await runCli(['run', '--base-url', `http://127.0.0.1:${port}`, '--report-dir', reportDir], io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_USAGE');
    expect(io.err()).toMatch(
      /nothing to check \(resources: no collections are configured.*\); pass --config FILE describing your API \(start from apicert.config.example.json/,
    );
  });

  it('warns that a secret of a few characters will blank out ordinary text when redacted', async () => {
    const short = await startReferenceServer({ port: 0, token: 'x1' });
    try {
      const io = captureIo({ APICERT_TOKEN: 'x1' });
      await runCli(
        ['run', '--base-url', short.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
        io,
      );
      expect(io.out()).toMatch(
        /warning run: APICERT_TOKEN holds only 2 character\(s\): every occurrence of it, and of its encoded forms, is shown as \[REDACTED\]/,
      );
    } finally {
      await short.close();
    }
    const quiet = captureIo({ APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.webhookSecret });
    await runCli(
      ['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
      quiet,
    );
    expect(quiet.out()).not.toContain('holds only');
  });

  it('exits 2 with one line when the token variable is not set', async () => {
    const io = captureIo({});
    const code = await runCli(['run', '--base-url', server.url, '--config', exampleConfig], io);
    expect(code).toBe(2);
    expectOneLineError(io.err(), 'APICERT_SECRET_MISSING');
    expect(io.err()).toMatch(/APICERT_TOKEN/);
  });

  it('exits 2 with one line when no base URL is given', async () => {
    const io = captureIo({ APICERT_TOKEN: 't' });
    expect(await runCli(['run'], io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_USAGE');
    expect(io.err()).toMatch(/--base-url/);
  });

  it.each([
    [['run', '--base-url', 'http://x', '--suite', 'resource'], /unknown suite "resource"/],
    [['run', '--base-url', 'http://x', '--seed', 'abc'], /--seed must be an integer/],
    [['run', '--base-url', 'ftp://x'], /must be http/],
    [['run', '--bogus-flag'], /Unknown argument/i],
    [
      ['run', '--base-url', 'http://x', '--suite', 'resources', '--suite', 'pagination'],
      /--suite is given more than once/,
    ],
    [['run', '--base-url', 'http://x', '--require', 'resources-core,bogus'], /unknown conformance class "bogus"/],
    [['run', '--base-url', 'http://x', '--seed', '4294967296'], /--seed must be an integer from 0 to 2147483647/],
    [['run', '--base-url', 'http://x', '--rate-limit', '0'], /--rate-limit must be a number of at least 0.01/],
    [
      ['run', '--base-url', 'http://x', '--rate-limit', 'fast'],
      /--rate-limit must be a number of at least 0.01, such as 20 or 0.5 \(got "fast"\)/,
    ],
    [[], /name a command/],
  ])('exits 2 with one usage line for %j', async (argv, pattern) => {
    const io = captureIo({ APICERT_TOKEN: 't' });
    expect(await runCli(argv, io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_USAGE');
    expect(io.err()).toMatch(pattern);
  });

  it('exits 2 and names every problem of a bad config, one line each', async () => {
    const file = join(reportDir, 'bad-run-config.json');
    await writeFile(file, JSON.stringify({ pagination: { maxPagesize: 10 }, budgets: { requestTimeoutMs: -1 } }));
    const io = captureIo({ APICERT_TOKEN: 't' });
    expect(await runCli(['run', '--base-url', server.url, '--config', file], io)).toBe(2);
    const lines = io.err().trim().split('\n');
    expect(lines[0]).toBe('APICERT_CONFIG_INVALID: 2 problems in the config');
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^ {2}\/budgets\/requestTimeoutMs: /),
      expect.stringMatching(/^ {2}\/pagination\/maxPagesize: unknown key "maxPagesize"; did you mean "maxPageSize"\?/),
    ]);
    expect(lines).toHaveLength(3);
    expect(io.err()).not.toMatch(/\n\s+at /);
  });

  it('exits 2 with one line for a config file that does not exist', async () => {
    const io = captureIo({ APICERT_TOKEN: 't' });
    expect(await runCli(['run', '--base-url', server.url, '--config', join(reportDir, 'missing.json')], io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_CONFIG_UNREADABLE');
  });
});

describe('apicert validate-config', () => {
  it('prints ok for the example config', async () => {
    const io = captureIo();
    expect(await runCli(['validate-config', exampleConfig], io)).toBe(0);
    expect(io.out()).toBe('ok\n');
  });

  it('prints one line per problem and exits 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apicert-config-'));
    const file = join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({ pagination: { maxPagesize: 10, overMaxPolicy: 'clip' }, budgets: { requestTimeoutMs: -1 } }),
    );
    const io = captureIo();
    expect(await runCli(['validate-config', file], io)).toBe(2);
    const lines = io.out().trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toMatch(
      /\/pagination\/maxPagesize: unknown key "maxPagesize"; did you mean "maxPageSize"\?/,
    );
    expect(lines.join('\n')).toMatch(/\/pagination\/overMaxPolicy: must be one of/);
    expect(lines.join('\n')).toMatch(/\/budgets\/requestTimeoutMs/);
  });

  it('prints one line for a file that is not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apicert-config-'));
    const file = join(dir, 'broken.json');
    await writeFile(file, '{ "target": { ,');
    const io = captureIo();
    expect(await runCli(['validate-config', file], io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_CONFIG_UNREADABLE');
  });
});

describe('apicert reference-server', () => {
  it('lists its defect switches one a line', async () => {
    const io = captureIo();
    expect(await runCli(['reference-server', '--list-defects'], io)).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.some((line) => /^put-merges\s+\S/.test(line))).toBe(true);
  });

  it('prints exactly one JSON line with its URL and token once listening, and serves requests', async () => {
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const io = captureIo({}, () => stopped);
    const running = runCli(['reference-server', '--port', '0', '--defects', 'put-merges'], io);
    for (let i = 0; i < 100 && !io.out().includes('\n'); i += 1) await new Promise((r) => setTimeout(r, 20));
    const lines = io.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    const { url, token } = JSON.parse(lines[0]!) as { url: string; token: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/customers`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    stop();
    expect(await running).toBe(0);
  });

  it('says in one line, exit 2, that its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const io = captureIo();
      expect(await runCli(['reference-server', '--port', String(port)], io)).toBe(2);
      expectOneLineError(io.err(), 'APICERT_REFERENCE_SERVER_LISTEN_FAILED');
      expect(io.err()).toMatch(/EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('refuses an unknown defect with one line', async () => {
    const io = captureIo();
    expect(await runCli(['reference-server', '--defects', 'no-such-defect'], io)).toBe(2);
    expectOneLineError(io.err(), 'APICERT_USAGE');
  });

  it('warns, and still starts, when a switch acts only in another signature profile', async () => {
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const io = captureIo({}, () => stopped);
    const running = runCli(
      [
        'reference-server',
        '--port',
        '0',
        '--sender-profile',
        'github',
        '--defects',
        'sender-stale-timestamp,sender-omits-id-header',
      ],
      io,
    );
    for (let i = 0; i < 100 && !io.out().includes('\n'); i += 1) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(await running).toBe(0);
    expect(io.err()).toBe(
      'apicert: --defects sender-stale-timestamp has no effect with --sender-profile github; it acts with --sender-profile standard-webhooks or stripe\n',
    );
  });
});
