// `apicert run` on GitHub Actions: annotations on stdout and the job summary in $GITHUB_STEP_SUMMARY,
// on by default there, off with --reporter console, on anywhere with --reporter github.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

describe('apicert run with the github reporter', () => {
  let server: RunningReferenceServer;
  let dir: string;
  beforeAll(async () => {
    server = await startReferenceServer({ defects: ['put-merges'] });
    dir = await mkdtemp(join(tmpdir(), 'apicert-github-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (env: Record<string, string>, extra: readonly string[] = []) => {
    const io = captureIo({ APICERT_TOKEN: server.token, ...env });
    const code = await runCli(
      [
        'run',
        '--base-url',
        server.url,
        '--config',
        exampleConfig,
        '--suite',
        'resources',
        '--report-dir',
        join(dir, 'report'),
        ...extra,
      ],
      io,
    );
    return { code, out: io.out(), err: io.err() };
  };

  it('on GitHub Actions, annotates the failed check and appends the job summary, keeping the console report and the exit code', async () => {
    const summaryPath = join(dir, 'summary.md');
    await writeFile(summaryPath, '## an earlier step\n');
    const { code, out } = await run({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryPath });
    expect(code).toBe(1);
    expect(out).toMatch(
      /^::error title=apicert failed%3A resources\.put-replaces-record \(convention [^)]+\)::.+curl /m,
    );
    expect(out).toMatch(/^Verdict: failed/m);
    const summary = await readFile(summaryPath, 'utf8');
    expect(summary).toMatch(/^## an earlier step\n## apicert: ❌ failed\n/);
    expect(summary).toMatch(/^- ❌ \*\*resources\.put-replaces-record\*\* \(failed/m);
    expect(summary).toContain('report.json');
    expect(`${out}${summary}`).not.toContain(server.token);
  }, 30_000);

  it('prints no annotation with --reporter console, and only them with --reporter github', async () => {
    const consoleOnly = await run({ GITHUB_ACTIONS: 'true' }, ['--reporter', 'console']);
    expect(consoleOnly.out).not.toMatch(/^::/m);
    const githubOnly = await run({}, ['--reporter', 'github']);
    expect(githubOnly.out).toMatch(/^::error /m);
    expect(githubOnly.out).not.toMatch(/^Verdict:/m);
    expect(githubOnly.code).toBe(1);
  }, 30_000);

  it('warns in one line when the job summary cannot be written, and still exits on the verdict', async () => {
    const { code, err } = await run({
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: join(dir, 'no-such-dir', 'summary.md'),
    });
    expect(code).toBe(1);
    expect(err).toMatch(
      /^apicert: the job summary could not be written to \$GITHUB_STEP_SUMMARY \(ENOENT\); the reports and the exit code are unaffected$/m,
    );
  }, 30_000);

  it('refuses an unknown reporter with a usage error', async () => {
    const { code, err } = await run({}, ['--reporter', 'teamcity']);
    expect(code).toBe(2);
    expect(err).toMatch(/^APICERT_USAGE: --reporter: unknown value "teamcity"; choose from console, github/);
  });
});
