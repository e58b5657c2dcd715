// Local inputs are bounded too: a config or baseline that is a device, a pipe or too large is refused
// at once; a report directory that cannot take the reports stops the run before the target is
// contacted; a run replaces the whole report set of the run before it; and a run whose reports could
// not be written does not exit 0.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { startLocalServer, type LocalServer } from '../harness/http/test-support/local-server.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));
const isLinux = process.platform === 'linux';

let dir: string;
let target: LocalServer;
let requests = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apicert-local-inputs-'));
  target = await startLocalServer((_req, res) => {
    requests++;
    res.end();
  });
});
afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI, expecting exit 2 with one line of `code` on stderr, quickly and without a request. */
async function expectRefused(argv: readonly string[], code: string): Promise<string> {
  const before = requests;
  const io = captureIo({ APICERT_TOKEN: 't' });
  const started = performance.now();
  expect(await runCli(argv, io)).toBe(2);
  expect(performance.now() - started).toBeLessThan(2000);
  expect(io.err()).toMatch(new RegExp(`^${code}: [^\\n]+\\n$`));
  expect(requests).toBe(before);
  return io.err();
}

describe('the config and the baseline', () => {
  it.runIf(existsSync('/dev/zero'))('refuses /dev/zero at once, in validate-config and in run', async () => {
    expect(await expectRefused(['validate-config', '/dev/zero'], 'APICERT_CONFIG_UNREADABLE')).toMatch(
      /is a character device/,
    );
    await expectRefused(['run', '--base-url', target.origin, '--config', '/dev/zero'], 'APICERT_CONFIG_UNREADABLE');
    await expectRefused(
      ['run', '--base-url', target.origin, '--config', exampleConfig, '--baseline', '/dev/zero'],
      'APICERT_BASELINE_INVALID',
    );
  });

  it.runIf(isLinux)('refuses a FIFO at once instead of waiting for a writer', async () => {
    const pipe = join(dir, 'config.fifo');
    execFileSync('mkfifo', [pipe]);
    expect(
      await expectRefused(['run', '--base-url', target.origin, '--config', pipe], 'APICERT_CONFIG_UNREADABLE'),
    ).toMatch(/is a FIFO/);
  });

  it('refuses a config over 1 MiB', async () => {
    const big = join(dir, 'big.json');
    await writeFile(big, `{"x":"${'a'.repeat(1024 * 1024)}"}`);
    expect(await expectRefused(['validate-config', big], 'APICERT_CONFIG_UNREADABLE')).toMatch(
      /over the limit of 1048576 bytes/,
    );
  });
});

describe('--report-dir', () => {
  it.runIf(isLinux && existsSync('/proc/self'))(
    'refuses a folder under /proc before contacting the target',
    async () => {
      const err = await expectRefused(
        ['run', '--base-url', target.origin, '--config', exampleConfig, '--report-dir', '/proc/x'],
        'APICERT_USAGE',
      );
      expect(err).toMatch(/--report-dir \/proc\/x is on proc \(\/proc\), a special file system/);
    },
  );

  it('refuses an existing file before contacting the target', async () => {
    const file = join(dir, 'not-a-dir');
    await writeFile(file, 'x');
    const err = await expectRefused(
      ['run', '--base-url', target.origin, '--config', exampleConfig, '--report-dir', file],
      'APICERT_USAGE',
    );
    expect(err).toContain(
      `--report-dir ${file} is a file, not a directory; pass --report-dir with a folder you can write to`,
    );
  });
});

describe('the reports of a run', () => {
  let server: RunningReferenceServer;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('replace the whole set of the run before: no passing junit.xml stays beside a failing report.json', async () => {
    const reportDir = join(dir, 'replaced');
    const passing = captureIo({ APICERT_TOKEN: server.token });
    expect(
      await runCli(
        ['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
        passing,
      ),
    ).toBe(0);
    expect((await readdir(reportDir)).sort()).toEqual(['badge.svg', 'index.html', 'junit.xml', 'report.json']);

    const broken = await startReferenceServer({ port: 0, defects: ['put-merges'] });
    try {
      const failing = captureIo({ APICERT_TOKEN: broken.token });
      const argv = [
        'run',
        '--base-url',
        broken.url,
        '--config',
        exampleConfig,
        '--report-dir',
        reportDir,
        '--suite',
        'resources',
        '--format',
        'json',
      ];
      expect(await runCli(argv, failing)).toBe(1);
    } finally {
      await broken.close();
    }
    expect(await readdir(reportDir)).toEqual(['report.json']);
    expect(JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({ verdict: 'failed' });
  });

  it('that could not be written make a passing run exit 1, and say so', async () => {
    const reportDir = join(dir, 'blocked');
    // A folder where report.json must go: the check before the run passes, the write after it fails.
    await mkdir(join(reportDir, 'report.json'), { recursive: true });
    const io = captureIo({ APICERT_TOKEN: server.token });
    expect(
      await runCli(
        ['run', '--base-url', server.url, '--config', exampleConfig, '--report-dir', reportDir, '--suite', 'resources'],
        io,
      ),
    ).toBe(1);
    expect(io.out()).toMatch(/Verdict: passed/);
    expect(io.err()).toMatch(/^APICERT_REPORT_WRITE_FAILED: json report .*report\.json not written: /m);
    expect(io.err()).toMatch(
      /^apicert: the verdict passed, but a report could not be written, so the run certifies nothing: exit 1$/m,
    );
  });
});
