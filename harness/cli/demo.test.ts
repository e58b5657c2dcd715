// `npm run demo`, the README's first command, as a new process: it starts the reference server on a
// worker thread, runs every suite against it and writes the report where it was started.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const demo = fileURLToPath(new URL('../../dist/harness/cli/demo.js', import.meta.url));

describe('npm run demo', () => {
  it('passes every required class against the bundled reference server and writes the report, then exits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apicert-demo-'));
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [demo], { cwd: dir, timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
      expect(stderr).toMatch(/^reference server listening on http:\/\/127\.0\.0\.1:\d+$/m);
      expect(stdout).toMatch(/^Verdict: passed/m);
      expect(stdout).toContain('open apicert-report/index.html to read the report');
      const report = JSON.parse(await readFile(join(dir, 'apicert-report', 'report.json'), 'utf8')) as { verdict: string };
      expect(report.verdict).toBe('passed');
      await readFile(join(dir, 'apicert-report', 'index.html'), 'utf8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 70_000);
});
