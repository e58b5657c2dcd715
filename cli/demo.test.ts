// `npm run demo`, the README's first command, as a new process: it starts the reference server on a
// worker thread, runs every suite against it and writes the report where it was started.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const demo = fileURLToPath(new URL('../dist/cli/demo.js', import.meta.url));

describe('npm run demo', () => {
  it('passes every required class against the bundled reference server and writes the report, then exits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apicert-demo-'));
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [demo], {
        cwd: dir,
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(stderr).toMatch(/^reference server listening on http:\/\/127\.0\.0\.1:\d+$/m);
      expect(stdout).toMatch(/^Verdict: passed/m);
      expect(stdout).toContain('open apicert-report/index.html to read the report');
      const report = JSON.parse(await readFile(join(dir, 'apicert-report', 'report.json'), 'utf8')) as {
        verdict: string;
      };
      expect(report.verdict).toBe('passed');
      await readFile(join(dir, 'apicert-report', 'index.html'), 'utf8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 70_000);

  it("switches the reference server's defects on with --defects, so the report shows failures; a wrong name is a usage error", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apicert-demo-'));
    try {
      const failing = await promisify(execFile)(process.execPath, [demo, '--defects', 'put-merges'], {
        cwd: dir,
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: '1' },
      }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failing.code).toBe(1);
      expect(failing.stderr).toMatch(
        /^reference server listening on http:\/\/127\.0\.0\.1:\d+ with the defects put-merges$/m,
      );
      expect(failing.stdout).toMatch(/FAILED resources\.put-replaces-record/);
      const wrong = await promisify(execFile)(process.execPath, [demo, '--defects', 'no-such-defect'], {
        cwd: dir,
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/^APICERT_USAGE: --defects: unknown defect "no-such-defect"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 70_000);
});
